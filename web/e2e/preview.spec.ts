// 'Ver prévia' (spec 2 §2, §4): at a chosen moment the preview is where a TV
// is in its loop, its hourly limits counted as the TV counts them, and it
// can play as a chosen TV on a chosen day, advertisements in their sold
// positions and the unsold ones as that TV plays them.
import type { Page } from '@playwright/test'
import { test, expect, shot, useSession, uniqueEmail, strongPassword } from './fixtures.ts'
import { addMedia, png } from './harness/media-api.ts'
import { createSchedule, createStore, operatorWithGroup, uniqueDevice } from './harness/overview-api.ts'
import { saveEntries } from './harness/schedule-api.ts'

/** yyyy-MM-dd of the day `ahead` days from today in São Paulo (the franchise's zone). */
function isoDay(ahead: number) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + ahead * 86_400_000),
  )
  return parts // en-CA writes yyyy-MM-dd
}

/** The instant of a São Paulo wall-clock time (no daylight saving there since 2019). */
const saoPaulo = (wall: string) => Date.parse(`${wall}-03:00`)

function openPreview(page: Page) {
  return page.getByRole('dialog', { name: 'Prévia da programação' })
}

test('at a chosen moment the preview is where a TV is: a media that had its plays this hour waits for the next hour', async ({ page, api, adminToken }) => {
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email: uniqueEmail('limite'), password: strongPassword(), group: `Rede Limite ${Date.now().toString(36)}` })
  const store = await createStore(api, token, franchise.slug, { name: 'Loja Limite' })
  const image = (name: string, seed: number) => addMedia(api, token, franchise.slug, { name, type: 'image', bytes: png(320, 180, { noise: true, seed }), contentType: 'image/png' })
  const limited = await image('Limitada', 21)
  const always = await image('Sempre', 22)
  const schedule = await createSchedule(api, token, franchise.slug, 'Hora Cheia')
  await saveEntries(api, token, franchise.slug, schedule.id, [
    { id: limited.id, displayTime: 5, limitByHour: 2 },
    { id: always.id, displayTime: 10 },
  ])
  const { display: tv } = await api.post<{ display: { id: string } }>(
    `/display/${franchise.slug}/${store.slug}`,
    { name: 'TV Balcão', device: await uniqueDevice(api), scheduleId: schedule.id, detail: '', orientation: 0, contentOrientation: 0 },
    token,
  )

  await useSession(page, { token })
  await page.goto(`/schedule/${schedule.id}`)
  await page.getByRole('button', { name: 'Ver prévia' }).click()
  const preview = openPreview(page)
  const now = preview.getByLabel('Agora', { exact: true })
  const next = preview.getByRole('list', { name: 'A seguir' })

  // 10:30: 'Limitada' had its 2 plays right after 10:00, on the TV as in the preview.
  await preview.getByLabel('Data e hora da prévia').fill('2030-01-15T10:30')
  await expect(now).toContainText('Sempre')
  await expect(next).toContainText('Sempre')
  await expect(next).not.toContainText('Limitada')
  const server = await api.get<{ playing: { now: { name: string }; next: { name: string }[] } }>(
    `/display/${franchise.slug}/${store.slug}/${tv.id}/now?at=${saoPaulo('2030-01-15T10:30:00')}&next=5`,
    token,
  )
  expect([server.playing.now.name, ...server.playing.next.map((item) => item.name)]).toEqual(Array(6).fill('Sempre'))
  await shot(page, 'preview-hourly-limit')

  // At 11:00 a new hour begins: it plays again.
  await preview.getByLabel('Data e hora da prévia').fill('2030-01-15T11:00')
  await expect(async () => expect(`${await now.textContent()} ${await next.textContent()}`).toContain('Limitada')).toPass()
})

test('the preview as a chosen TV on a chosen day plays the sold positions with their advertisement and the unsold ones with the fallback', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('previa-tv')
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group: `Rede Prévia TV ${Date.now().toString(36)}` })
  await api.post('/user/detail/adm', { email, viewAdsCenter: 1 }, adminToken)
  const store = await createStore(api, token, franchise.slug, { name: 'Loja Vaga' })
  const image = (name: string, seed: number) => addMedia(api, token, franchise.slug, { name, type: 'image', bytes: png(320, 180, { noise: true, seed }), contentType: 'image/png' })
  const content = await image('Conteúdo', 31)
  const fallback = await image('Reserva', 32)
  const art = await image('Arte Verão', 33)
  const schedule = await createSchedule(api, token, franchise.slug, 'Com Vaga')
  await saveEntries(api, token, franchise.slug, schedule.id, [
    { id: content.id, displayTime: 10 },
    { id: 'vaga-1', isAd: true, adSlots: 3, adTime: 5, adFallbackMediaId: fallback.id },
  ])
  const { display: tv } = await api.post<{ display: { id: string } }>(
    `/display/${franchise.slug}/${store.slug}`,
    { name: 'TV Caixa', device: await uniqueDevice(api), scheduleId: schedule.id, detail: '', orientation: 0, contentOrientation: 0 },
    token,
  )
  // One position sold on the day after tomorrow, with its art.
  const sold = isoDay(2)
  const { advertise } = await api.post<{ advertise: { id: string } }>(
    `/advertise/${franchise.slug}`,
    { name: 'Promo Verão', displayTime: 5, startAt: saoPaulo(`${sold}T00:00:00`), endsAt: saoPaulo(`${sold}T23:59:59.999`), displays: [{ displayId: tv.id, slotId: 'vaga-1' }] },
    token,
  )
  await api.call('PUT', `/advertise/${franchise.slug}`, { token, body: { advertiseId: advertise.id, media: [{ id: art.id }] } })

  await useSession(page, { token })
  await page.goto(`/schedule/${schedule.id}`)
  await page.getByRole('button', { name: 'Ver prévia' }).click()
  const preview = openPreview(page)
  const now = preview.getByLabel('Agora', { exact: true })
  const next = preview.getByRole('list', { name: 'A seguir' })
  const screen = preview.getByRole('region', { name: 'Tela da prévia' })

  // The schedule itself: the slot is a 'Slot' (spec 2 §4).
  await preview.getByLabel('Data e hora da prévia').fill(`${sold}T10:00`)
  await expect(async () => expect(`${await now.textContent()} ${await next.textContent()}`).toContain('Slot')).toPass()

  // As the TV on the day sold: the advertisement in its position, the fallback in the others.
  await preview.getByRole('combobox', { name: 'Prévia como' }).click()
  await page.getByRole('option', { name: 'Televisor TV Caixa' }).click()
  await expect(async () => {
    const text = `${await now.textContent()} ${await next.textContent()}`
    expect(text).toContain('Anúncio Promo Verão')
    expect(text).toContain('Reserva (vaga livre)')
    expect(text).not.toContain('Slot')
  }).toPass()
  await expect(screen.getByRole('img', { name: 'Arte Verão' })).toBeVisible({ timeout: 30_000 })
  await expect(now).toContainText('Anúncio Promo Verão')
  await shot(page, 'preview-as-tv-sold-day')

  // The next day nothing is sold: the three positions play the fallback.
  await preview.getByLabel('Data e hora da prévia').fill(`${isoDay(3)}T10:00`)
  await expect(async () => {
    const text = `${await now.textContent()} ${await next.textContent()}`
    expect(text).toContain('Reserva (vaga livre)')
    expect(text).not.toContain('Anúncio')
  }).toPass()
  await shot(page, 'preview-as-tv-unsold-day')
})
