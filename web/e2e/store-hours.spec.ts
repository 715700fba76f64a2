// Opening hours: the operator sets a store's hours in 'Editar Loja' so that
// it is closed now and its TVs rest; a paired player of that store shows the
// black rest screen while a player of a store open now plays, and the
// resting one plays again once the store's hours no longer close it.
import type { Page } from '@playwright/test'
import { test, expect, shot, storageKeys, strongPassword, toast, uniqueEmail, useSession } from './fixtures.ts'
import { addMedia, png } from './harness/media-api.ts'
import { createSchedule, createStore, operatorWithGroup } from './harness/overview-api.ts'
import { onScreen, pairedPlayer } from './harness/player.ts'
import { saveEntries } from './harness/schedule-api.ts'

const DAYS = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado']

/** The hour of the day now in `timeZone`, and "HH:00" some hours from it. */
function localHour(timeZone: string) {
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()))
  return { hour, at: (ahead: number) => `${String((hour + ahead + 24) % 24).padStart(2, '0')}:00` }
}

const resting = (tv: Page) => tv.locator('[data-rest]')

test('a store closed now rests its TVs on a black screen while a store open now plays', async ({ page, browser, api, adminToken, baseURL }) => {
  const email = uniqueEmail('horario')
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group: `Rede Horário ${Date.now().toString(36)}` })
  const f = franchise.slug
  const open = await createStore(api, token, f, { name: 'Loja Aberta' })
  const closed = await createStore(api, token, f, { name: 'Loja Fechada' })
  const image = await addMedia(api, token, f, { name: 'Vitrine Noite', type: 'image', bytes: png(640, 360, { noise: true, seed: 11 }), contentType: 'image/png' })
  const schedule = await createSchedule(api, token, f, 'Vitrine Horário')
  await saveEntries(api, token, f, schedule.id, [{ id: image.id, displayTime: 5 }])

  // The open store: every day from an hour ago to two hours from now, in its zone; resting while closed.
  const { timeZone } = await api.get<{ timeZone: string }>(`/store/${f}/${open.slug}/hours`, token)
  const clock = localHour(timeZone)
  const around = [{ start: clock.at(-1), end: clock.at(2) }]
  await api.put(`/store/${f}/${open.slug}/hours`, { hours: { week: DAYS.map(() => around), exceptions: [] }, whenClosed: 'rest' }, token)

  // The closed store, set in the console: every day from two to three hours from now, resting while closed.
  await useSession(page, { token, franchise: f })
  await page.goto('/dashboard')
  const card = page.getByRole('region', { name: 'Loja Fechada', exact: true })
  await card.getByRole('button', { name: 'Editar loja Loja Fechada' }).click()
  const dialog = page.getByRole('dialog', { name: 'Editar Loja' })
  await dialog.getByRole('checkbox', { name: 'Definir horário de funcionamento' }).check()
  const closedClock = localHour((await api.get<{ timeZone: string }>(`/store/${f}/${closed.slug}/hours`, token)).timeZone)
  for (const day of DAYS) {
    const row = dialog.getByRole('group', { name: day, exact: true })
    const shut = row.getByRole('checkbox', { name: `${day}: fechado` })
    if (await shut.isChecked()) await shut.uncheck()
    await row.getByLabel(`${day}, faixa 1: abre às`).fill(closedClock.at(2))
    await row.getByLabel(`${day}, faixa 1: fecha às`).fill(closedClock.at(3))
  }
  await dialog.getByRole('radio', { name: /Descansar/ }).check()
  await shot(page, 'store-hours-dialog')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Loja atualizada')).toBeVisible()
  const saved = await api.get<{ hours: { week: { start: string; end: string }[][] } | null; whenClosed: string }>(`/store/${f}/${closed.slug}/hours`, token)
  expect(saved.whenClosed).toBe('rest')
  expect(saved.hours?.week[3]).toEqual([{ start: closedClock.at(2), end: closedClock.at(3) }])

  // Two players: the open store's plays, the closed store's rests.
  const playing = await pairedPlayer(browser, baseURL!, api, token, f, open.slug, schedule.id, 'TV Aberta')
  const dark = await pairedPlayer(browser, baseURL!, api, token, f, closed.slug, schedule.id, 'TV Fechada')
  await expect(onScreen(playing)).toHaveAttribute('data-media', 'Vitrine Noite')
  await expect(resting(dark)).toBeAttached()
  await expect(dark.getByRole('status')).toHaveText('Loja fechada: o televisor descansa até a abertura.')
  await expect(dark.locator('[data-layer], img, video, footer')).toHaveCount(0)
  await shot(dark, 'store-hours-rest-player')
  await shot(playing, 'store-hours-open-player')
  // 'O que está passando' of the resting TV says it rests instead of naming media.
  await page.reload()
  await card.getByRole('button', { name: 'Ações para TV Fechada', exact: true }).click()
  await page.getByRole('menuitem', { name: 'O que está passando' }).click()
  const now = page.getByRole('dialog', { name: 'O que está passando' })
  await expect(now).toContainText('Loja fechada: o televisor descansa com a tela preta até a abertura.')
  await expect(now.getByLabel('Agora')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(now).toBeHidden()

  // Keeping the TVs playing while closed reaches the resting player at once.
  await api.put(`/store/${f}/${closed.slug}/hours`, { hours: saved.hours, whenClosed: 'play' }, token)
  await expect(onScreen(dark)).toHaveAttribute('data-media', 'Vitrine Noite')
  await expect(resting(dark)).toHaveCount(0)
  await playing.context().close()
  await dark.context().close()

  // The section as an operator sees it, in the dark theme, with the stored hours.
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [storageKeys.theme, 'dark'] as const)
  await page.reload()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await card.getByRole('button', { name: 'Editar loja Loja Fechada' }).click()
  await expect(dialog.getByRole('group', { name: 'Sábado', exact: true }).getByLabel('Sábado, faixa 1: abre às')).toHaveValue(closedClock.at(2))
  await dialog.getByRole('button', { name: 'Adicionar faixa: Segunda-feira' }).click()
  await dialog.getByRole('button', { name: 'Adicionar data especial' }).click()
  await dialog.getByLabel('Data especial 1: data').fill('2026-12-25')
  // Two ranges that overlap: the save is refused in the server's words, nothing sent.
  // Both ends typed: a range added after one ending at 21:00 or later starts blank.
  await dialog.getByLabel('Segunda-feira, faixa 2: abre às').fill(closedClock.at(2))
  await dialog.getByLabel('Segunda-feira, faixa 2: fecha às').fill(closedClock.at(3))
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(/^Segunda-feira: as faixas .* se sobrepõem\.$/)
  await dialog.getByRole('group', { name: 'Horário de funcionamento' }).screenshot({ path: 'e2e/screenshots/store-hours-section-dark.png', animations: 'disabled' })
})
