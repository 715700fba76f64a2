// Each store keeps its own clock (issue 22): the store form's 'Fuso horário',
// suggested by the state, and TVs in two zones playing one schedule by their
// own wall clocks.
import type { Page } from '@playwright/test'
import { test, expect, shot, toast, useSession, uniqueEmail, strongPassword } from './fixtures.ts'
import { axeViolations } from './harness/axe.ts'
import { addMedia, png } from './harness/media-api.ts'
import { createDisplay, createSchedule, operatorWithGroup, stores, uniqueDevice, type Store } from './harness/overview-api.ts'
import { onScreen, openPlayer } from './harness/player.ts'
import { saveEntries } from './harness/schedule-api.ts'

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

test('the store form suggests the zone from the state, keeps a zone picked by hand, and takes any IANA zone', async ({ page, api, adminToken }) => {
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('fuso'),
    password: strongPassword(),
    group: `Rede Fusos ${Date.now().toString(36)}`,
  })
  await useSession(page, { token })
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Adicionar Loja' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Adicionar Loja' })
  const zone = dialog.getByRole('combobox', { name: 'Fuso horário' })
  // The group's zone until the state says otherwise.
  await expect(zone).toHaveText('Brasília (UTC−3)')

  await dialog.getByLabel('Nome', { exact: true }).fill('Loja Rio Branco')
  await dialog.getByLabel('Região').fill('Norte')
  await dialog.getByLabel('Estado').fill('AC')
  await dialog.getByLabel('Cidade').fill('Rio Branco')
  await expect(zone).toHaveText('Rio Branco (UTC−5)')
  await expect(dialog.getByText('Sugerido pelo estado (AC).', { exact: false })).toBeVisible()
  await shot(page, 'store-dialog-time-zone')
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([])

  await zone.click()
  await expect(page.getByRole('option', { name: 'Rio Branco (UTC−5)' })).toBeVisible()
  await expect(page.getByRole('option')).toHaveCount(17) // Brazil's 16 zones and 'Outro fuso…'
  // The open list scrolls: its scroll container takes focus from the keyboard.
  expect(await axeViolations(page, '[role="listbox"]')).toEqual([])
  expect(await axeViolations(page, '[data-slot="select-content"]')).toEqual([])
  // The keyboard still moves through the options.
  const chosen = page.getByRole('option', { name: 'Rio Branco (UTC−5)' })
  await expect(chosen).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(chosen).not.toBeFocused()
  await expect(page.locator('[role="option"]:focus')).toHaveCount(1)
  await page.keyboard.press('ArrowUp')
  await expect(chosen).toBeFocused()
  await shot(page, 'store-dialog-time-zone-open')
  await page.getByRole('option', { name: 'Eirunepé (UTC−5)' }).click()
  // A zone picked by hand stays when the state changes.
  await dialog.getByLabel('Estado').fill('Amazonas')
  await expect(zone).toHaveText('Eirunepé (UTC−5)')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Loja criada')).toBeVisible()
  await expect(card(page, 'Loja Rio Branco').getByText('Fuso horário: Eirunepé (UTC−5)')).toBeVisible()

  // Another store: a zone outside Brazil, then an unknown name refused.
  await page.getByRole('button', { name: 'Adicionar Loja' }).first().click()
  await dialog.getByLabel('Nome', { exact: true }).fill('Loja Lisboa')
  await dialog.getByLabel('Região').fill('Europa')
  await dialog.getByLabel('Estado').fill('Lisboa')
  await dialog.getByLabel('Cidade').fill('Lisboa')
  await expect(zone).toHaveText('Brasília (UTC−3)')
  const other = dialog.getByLabel('Outro fuso (nome IANA)')
  // On a loaded machine a click landing in the first frames of the open list
  // can be taken by the list's own opening gesture and leave it open: the
  // option is clicked again until its field shows.
  await expect(async () => {
    const option = page.getByRole('option', { name: 'Outro fuso…' })
    if (!(await option.isVisible())) await zone.click()
    await option.click({ timeout: 2_000 })
    await expect(other).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await other.fill('Marte/Base')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(dialog.getByText('Fuso horário inválido: escolha um fuso da lista, como America/Sao_Paulo.')).toBeVisible()
  await shot(page, 'store-dialog-time-zone-other')
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([])
  await other.fill('Europe/Lisbon')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  // The first store's 'Loja criada' may still be on screen: the dialog closing
  // and the new card say this save is done.
  await expect(dialog).toBeHidden()
  await expect(card(page, 'Loja Lisboa')).toBeVisible()

  const saved = Object.fromEntries((await stores(api, token, franchise.slug)).map((s) => [s.name, s.timeZone]))
  expect(saved).toEqual({ 'Loja Rio Branco': 'America/Eirunepe', 'Loja Lisboa': 'Europe/Lisbon' })

  // Editing keeps the zone outside the list in 'Outro fuso'.
  await card(page, 'Loja Lisboa').getByRole('button', { name: 'Editar loja Loja Lisboa' }).click()
  const edit = page.getByRole('dialog', { name: 'Editar Loja' })
  await expect(edit.getByRole('combobox', { name: 'Fuso horário' })).toHaveText('Outro fuso…')
  await expect(edit.getByLabel('Outro fuso (nome IANA)')).toHaveValue('Europe/Lisbon')
})

/** The hour of the day now in `timeZone`. */
function hourIn(timeZone: string) {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()))
}
const hh = (hour: number) => `${String((hour + 24) % 24).padStart(2, '0')}:00`

/** Keeps, in the player page, the names of the media it shows, in order (a repeat once). */
async function recordShown(tv: Page) {
  await tv.evaluate(() => {
    const shown: string[] = []
    Object.assign(window, { shown })
    const note = () =>
      document.querySelectorAll('[data-layer][data-ready="true"]').forEach((el) => {
        const name = el.getAttribute('data-media')
        if (name && shown[shown.length - 1] !== name) shown.push(name)
      })
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready', 'data-media'] })
    note()
  })
}
const shownOn = (tv: Page) => tv.evaluate(() => (window as unknown as { shown: string[] }).shown)

test('one schedule, two stores two hours apart: the window open on São Paulo’s clock plays there and not in Rio Branco', async ({ browser, api, adminToken, baseURL }) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('fusos')
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email,
    password: strongPassword(),
    group: `Rede Dois Fusos ${Date.now().toString(36)}`,
  })
  const f = franchise.slug
  const newStore = async (name: string, state: string, city: string, timeZone: string) =>
    (await api.post<{ store: Store }>(`/store/${f}`, { name, region: 'Brasil', state, city, timeZone, contacts: [] }, token)).store
  const saoPaulo = await newStore('Loja São Paulo', 'SP', 'São Paulo', 'America/Sao_Paulo')
  const rioBranco = await newStore('Loja Rio Branco', 'AC', 'Rio Branco', 'America/Rio_Branco')

  // A window from this hour of São Paulo for two hours: open there now; in
  // Rio Branco, two hours behind, it is two hours before it opens.
  const now = hourIn('America/Sao_Paulo')
  const window = `${hh(now)}@${hh(now + 2)}`
  expect(hourIn('America/Rio_Branco')).toBe((now + 22) % 24)
  const windowed = await addMedia(api, token, f, { name: 'Janela de São Paulo', type: 'image', bytes: png(640, 360, { noise: true, seed: 21 }), contentType: 'image/png' })
  const always = await addMedia(api, token, f, { name: 'O dia todo', type: 'image', bytes: png(640, 360, { noise: true, seed: 22 }), contentType: 'image/png' })
  const schedule = await createSchedule(api, token, f, 'Dois fusos')
  await saveEntries(api, token, f, schedule.id, [
    { id: windowed.id, displayTime: 2, timeGap: [window] },
    { id: always.id, displayTime: 2 },
  ])

  // Two TV boxes, each paired with a TV of one store showing the schedule.
  const pair = async (store: Store, name: string) => {
    const tv = await openPlayer(browser, baseURL!)
    const code = tv.locator('.pairing-code')
    await expect(code).toHaveText(/^[A-Z0-9]{6}$/)
    await recordShown(tv)
    const display = await createDisplay(api, token, f, store.slug, { name, device: (await code.textContent())! })
    await api.post(`/display/${f}/${store.slug}/${display.id}`, { scheduleId: schedule.id }, token)
    return { tv, display }
  }
  const sp = await pair(saoPaulo, 'TV São Paulo')
  const rb = await pair(rioBranco, 'TV Rio Branco')

  // São Paulo's player alternates both media: the windowed one plays, then
  // the other, then the windowed one again.
  await expect(onScreen(sp.tv)).toHaveAttribute('data-media', /Janela de São Paulo|O dia todo/)
  await expect.poll(async () => (await shownOn(sp.tv)).filter((name) => name === 'Janela de São Paulo').length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2)
  await shot(sp.tv, 'time-zones-player-sao-paulo')
  // Meanwhile Rio Branco's player, on its own clock, showed only the other.
  await expect(onScreen(rb.tv)).toHaveAttribute('data-media', 'O dia todo')
  expect(await shownOn(rb.tv)).toEqual(['O dia todo'])
  await shot(rb.tv, 'time-zones-player-rio-branco')

  // The footer clock shows each store's time: two hours apart.
  const { token: acting } = await api.post<{ token: string }>('/user/impersonate', { email }, adminToken)
  await api.post(
    `/schedule/${f}/${schedule.id}/config`,
    { bottomBar: { height: 64, bgColor: '#0f172a', color: '#f8fafc', fSize: 24, fWeight: 600, clock: { color: '#f8fafc', fSize: 26 } } },
    acting,
  )
  const clockIn = (timeZone: string, ms: number) =>
    new Intl.DateTimeFormat('pt-BR', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(ms))
  const around = (timeZone: string) => [-60_000, 0, 60_000].map((d) => clockIn(timeZone, Date.now() + d))
  for (const [tv, timeZone] of [
    [sp.tv, 'America/Sao_Paulo'],
    [rb.tv, 'America/Rio_Branco'],
  ] as const) {
    const clock = tv.locator('.footer .clock')
    await expect(clock).toHaveText(/^\d{2}:\d{2}$/)
    expect(around(timeZone)).toContain(await clock.textContent())
  }
  await shot(rb.tv, 'time-zones-player-rio-branco-footer')

  // The server agrees: each TV's 'what plays now' runs on its store's zone.
  const nowOf = async (store: Store, id: string) =>
    (await api.get<{ playing: { timeZone: string; now: { entryId: string } | null; next: { entryId: string }[] } }>(`/display/${f}/${store.slug}/${id}/now?next=6`, token)).playing
  const spNow = await nowOf(saoPaulo, sp.display.id)
  const rbNow = await nowOf(rioBranco, rb.display.id)
  expect(spNow.timeZone).toBe('America/Sao_Paulo')
  expect(rbNow.timeZone).toBe('America/Rio_Branco')
  expect([spNow.now?.entryId, ...spNow.next.map((n) => n.entryId)]).toContain(windowed.id)
  expect([rbNow.now?.entryId, ...rbNow.next.map((n) => n.entryId)]).not.toContain(windowed.id)
  await sp.tv.context().close()
  await rb.tv.context().close()
})

test('an entry’s dates are days on each TV’s clock: dated 15/01 in the group’s zone, the preview as a Rio Branco TV plays it from its own midnight to the end of its own 15/01', async ({ page, api, adminToken }) => {
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('datas'),
    password: strongPassword(),
    group: `Rede Datas ${Date.now().toString(36)}`,
  })
  const f = franchise.slug
  const store = (await api.post<{ store: Store }>(`/store/${f}`, { name: 'Loja Acre', region: 'Norte', state: 'AC', city: 'Rio Branco', timeZone: 'America/Rio_Branco', contacts: [] }, token)).store
  const image = (name: string, seed: number) => addMedia(api, token, f, { name, type: 'image', bytes: png(320, 180, { noise: true, seed }), contentType: 'image/png' })
  const dated = await image('Só no dia 15', 31)
  const always = await image('Sempre', 32)
  const schedule = await createSchedule(api, token, f, 'Dia 15')
  // As the console writes 15/01/2030 in the group's zone (São Paulo): its first and last millisecond there.
  const saoPaulo = (wall: string) => Date.parse(`${wall}-03:00`)
  await saveEntries(api, token, f, schedule.id, [
    { id: dated.id, displayTime: 5, startDate: saoPaulo('2030-01-15T00:00:00'), endDate: saoPaulo('2030-01-15T23:59:59.999') },
    { id: always.id, displayTime: 10 },
  ])
  const { display: tv } = await api.post<{ display: { id: string } }>(
    `/display/${f}/${store.slug}`,
    { name: 'TV Acre', device: await uniqueDevice(api), scheduleId: schedule.id, detail: '', orientation: 0, contentOrientation: 0 },
    token,
  )

  await useSession(page, { token })
  await page.goto(`/schedule/${schedule.id}`)
  await page.getByRole('button', { name: 'Ver prévia' }).click()
  const preview = page.getByRole('dialog', { name: 'Prévia da programação' })
  await preview.getByRole('combobox', { name: 'Prévia como' }).click()
  await page.getByRole('option', { name: 'Televisor TV Acre' }).click()
  await expect(preview.getByText('Fuso horário: Rio Branco (UTC−5)')).toBeVisible()
  const now = preview.getByLabel('Agora', { exact: true })
  const next = preview.getByRole('list', { name: 'A seguir' })
  const shown = async () => `${await now.textContent()} ${await next.textContent()}`
  // Each moment is Rio Branco's wall clock, two hours behind São Paulo.
  for (const [wall, plays] of [
    ['2030-01-14T23:50', false], // already 15/01 01:50 in São Paulo
    ['2030-01-15T00:00', true],
    ['2030-01-15T23:50', true], // already 16/01 01:50 in São Paulo
    ['2030-01-16T00:00', false],
  ] as const) {
    await preview.getByLabel('Data e hora da prévia').fill(wall)
    await expect(async () => {
      const text = await shown()
      expect(text).toContain('Sempre')
      if (plays) expect(text, wall).toContain('Só no dia 15')
      else expect(text, wall).not.toContain('Só no dia 15')
    }).toPass()
    // The server's 'what plays now' for the TV agrees.
    const at = Date.parse(`${wall}:00-05:00`) + 5_000
    const server = await api.get<{ playing: { now: { name: string } | null; next: { name: string }[] } }>(`/display/${f}/${store.slug}/${tv.id}/now?at=${at}&next=5`, token)
    expect([server.playing.now?.name, ...server.playing.next.map((item) => item.name)].includes('Só no dia 15'), wall).toBe(plays)
  }
  await shot(page, 'time-zones-preview-dated-entry')
})
