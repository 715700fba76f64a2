// Emergency override: an operator holding the permission puts a message on a
// store's TVs from 'Mensagem de emergência'; both paired players of that
// store switch to it at once while a player of another store keeps playing,
// the console counts their acknowledgements, and 'Encerrar' brings both
// back to their schedule.
import type { Page } from '@playwright/test'
import { test, expect, shot, storageKeys, strongPassword, toast, uniqueEmail, useSession } from './fixtures.ts'
import { axeViolations } from './harness/axe.ts'
import { addMedia, png } from './harness/media-api.ts'
import { createSchedule, createStore, operatorWithGroup } from './harness/overview-api.ts'
import { onScreen, pairedPlayer } from './harness/player.ts'
import { saveEntries } from './harness/schedule-api.ts'

const overlay = (tv: Page) => tv.locator('[data-override]')

/** How long until every player shows (or stops showing) the override; generous under load, logged. */
async function switched(what: string, tvs: Page[], shown: boolean, since: number) {
  for (const tv of tvs) {
    if (shown) await expect(overlay(tv)).toBeVisible({ timeout: 10_000 })
    else await expect(overlay(tv)).toHaveCount(0, { timeout: 10_000 })
  }
  const took = Date.now() - since
  console.log(`override: ${what} on ${tvs.length} players in ${took} ms`)
  expect(took, `${what} took ${took} ms`).toBeLessThan(5_000)
}

async function noViolations(page: Page, screen: string, within?: string) {
  const found = await axeViolations(page, within)
  expect.soft(found.length, `violations on ${screen}:\n${found.join('\n')}\n`).toBe(0)
}

test('an emergency message on a store switches its two players at once and clearing it brings them back', async ({ page, browser, api, adminToken, baseURL }) => {
  test.setTimeout(180_000)
  const email = uniqueEmail('emergencia')
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), name: 'Olga Operadora', group: `Rede Emergência ${Date.now().toString(36)}` })
  await api.post('/user/detail/adm', { email, emergencyOverride: 1 }, adminToken)
  const f = franchise.slug
  const centro = await createStore(api, token, f, { name: 'Loja Centro' })
  const sul = await createStore(api, token, f, { name: 'Loja Sul' })
  const image = await addMedia(api, token, f, { name: 'Vitrine Dia', type: 'image', bytes: png(640, 360, { noise: true, seed: 21 }), contentType: 'image/png' })
  const schedule = await createSchedule(api, token, f, 'Vitrine Emergência')
  await saveEntries(api, token, f, schedule.id, [{ id: image.id, displayTime: 5 }])

  const first = await pairedPlayer(browser, baseURL!, api, token, f, centro.slug, schedule.id, 'TV Centro 1')
  const second = await pairedPlayer(browser, baseURL!, api, token, f, centro.slug, schedule.id, 'TV Centro 2')
  const other = await pairedPlayer(browser, baseURL!, api, token, f, sul.slug, schedule.id, 'TV Sul')
  for (const tv of [first, second, other]) await expect(onScreen(tv)).toHaveAttribute('data-media', 'Vitrine Dia')

  // The page, in both themes, with nothing yet.
  await useSession(page, { token, franchise: f })
  for (const theme of ['dark', 'light'] as const) {
    await page.goto('/')
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [storageKeys.theme, theme] as const)
    await page.goto('/override')
    await expect(page.getByRole('heading', { name: 'Mensagem de emergência', level: 1 })).toBeVisible()
    await expect(page.getByText('Nenhuma mensagem em exibição ou agendada.')).toBeVisible()
    await expect(page.getByRole('navigation').or(page.locator('[data-slot="sidebar"]')).getByRole('link', { name: 'MENSAGEM DE EMERGÊNCIA' })).toBeVisible()
    await noViolations(page, `/override (${theme})`)
    await shot(page, `override-empty-${theme}`)
    if (theme === 'dark') {
      // The start confirmation in the dark theme (the light one is checked below), cancelled.
      await page.getByLabel('Título', { exact: true }).fill('Teste')
      await page.getByRole('button', { name: 'Exibir mensagem' }).click()
      const ask = page.getByRole('alertdialog')
      await expect(ask).toBeVisible()
      await noViolations(page, 'the start confirmation (dark)', '[role="alertdialog"]')
      await ask.getByRole('button', { name: 'Cancelar' }).click()
      await expect(ask).toHaveCount(0)
    }
  }

  // A refused form says why, next to the field.
  await page.getByRole('button', { name: 'Exibir mensagem' }).click()
  await expect(page.getByText('Digite o título da mensagem.')).toBeVisible()
  await noViolations(page, '/override with an error')
  // Colours that do not read are refused (the preview shows them as chosen).
  await page.getByLabel('Cor do fundo', { exact: true }).fill('#FFFF00')
  await page.getByLabel('Título', { exact: true }).fill('Evacuação')
  await page.getByRole('button', { name: 'Exibir mensagem' }).click()
  await expect(page.getByText('As cores do fundo e do texto têm pouco contraste')).toBeVisible()
  await page.getByLabel('Cor do fundo', { exact: true }).fill('#B91C1C')

  // The message on Loja Centro, with the preview live.
  await page.getByLabel('Texto', { exact: true }).fill('Saia pela porta lateral e aguarde no estacionamento.')
  await expect(page.getByTestId('override-preview')).toContainText('Evacuação')
  await page.getByRole('radio', { name: 'Lojas escolhidas' }).check()
  await page.getByLabel('Lojas', { exact: true }).click()
  await page.getByRole('checkbox', { name: 'Loja Centro' }).check()
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Exibir mensagem' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Exibir em 2 TVs?' })
  await expect(confirm).toBeVisible()
  await noViolations(page, 'the start confirmation', '[role="alertdialog"]')
  await shot(page, 'override-confirm')
  const startedAt = Date.now()
  await confirm.getByRole('button', { name: 'Exibir', exact: true }).click()
  await switched('start', [first, second], true, startedAt)
  await expect(toast(page, 'Mensagem em exibição')).toBeVisible()
  await expect(first.getByRole('alert')).toContainText('Saia pela porta lateral')
  await expect(overlay(other)).toHaveCount(0)
  await expect(onScreen(other)).toHaveAttribute('data-media', 'Vitrine Dia')
  await shot(first, 'override-player')

  // The console counts the TVs that have it.
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Evacuação' }) })
  await expect(item.getByTestId('override-acks')).toHaveText('2 de 2 TVs confirmaram', { timeout: 15_000 })
  await expect(item).toContainText('Lojas: Loja Centro')
  await expect(item).toContainText('Olga Operadora')
  await noViolations(page, '/override with an active message')
  await shot(page, 'override-active')

  // 'Encerrar', confirmed: both players back to the schedule.
  await item.getByRole('button', { name: 'Encerrar a mensagem Evacuação' }).click()
  const ask = page.getByRole('alertdialog', { name: 'Encerrar a mensagem?' })
  await expect(ask).toBeVisible()
  await noViolations(page, 'the clear confirmation', '[role="alertdialog"]')
  const clearedAt = Date.now()
  await ask.getByRole('button', { name: 'Encerrar', exact: true }).click()
  await switched('clear', [first, second], false, clearedAt)
  for (const tv of [first, second]) await expect(onScreen(tv)).toHaveAttribute('data-media', 'Vitrine Dia')
  await expect(toast(page, 'Mensagem encerrada')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Encerradas nos últimos 7 dias' })).toBeVisible()
  await expect(page.getByText(/Encerrada por:/)).toBeVisible()
  await shot(page, 'override-cleared')
  for (const tv of [first, second, other]) await tv.context().close()
})
