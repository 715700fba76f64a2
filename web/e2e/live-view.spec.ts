// 'Ver ao vivo': from a TV's menu in Visão Geral the operator sees what the
// TV shows now and next, computed by the player's rules from what its
// player last acknowledged — never asking the box. It follows a schedule
// change as the player confirms it, says when the TV has not confirmed the
// latest change (showing the version it did confirm), and says since when
// a TV that went offline is offline.
import type { Page } from '@playwright/test'
import { test, expect, shot, strongPassword, uniqueEmail, useSession } from './fixtures.ts'
import { addMedia, png } from './harness/media-api.ts'
import { announceDevice, createDisplay, createSchedule, createStore, operatorWithGroup, storeDisplays } from './harness/overview-api.ts'
import { onScreen, pairedPlayer } from './harness/player.ts'
import { saveEntries } from './harness/schedule-api.ts'
import type { Api } from './harness/api.ts'

async function setup(api: Api, adminToken: string, label: string) {
  const stamp = Date.now().toString(36)
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email: uniqueEmail(label.toLowerCase().replace(/\s+/g, '-')), password: strongPassword(), group: `Rede ${label} ${stamp}` })
  const f = franchise.slug
  const store = await createStore(api, token, f, { name: `Loja ${label}` })
  const first = await addMedia(api, token, f, { name: 'Vitrine Ao Vivo', type: 'image', bytes: png(640, 360, { noise: true, seed: 31 }), contentType: 'image/png' })
  const second = await addMedia(api, token, f, { name: 'Cartaz Ao Vivo', type: 'image', bytes: png(640, 360, { noise: true, seed: 32 }), contentType: 'image/png' })
  const schedule = await createSchedule(api, token, f, `Vitrine ${label}`)
  await saveEntries(api, token, f, schedule.id, [{ id: first.id, displayTime: 30 }])
  return { token, f, store, first, second, schedule }
}

/** Opens 'Ver ao vivo' from the TV's row menu in Visão Geral. */
async function openLiveView(page: Page, storeName: string, tvName: string) {
  const card = page.getByRole('region', { name: storeName, exact: true })
  await card.getByRole('button', { name: `Ações para ${tvName}`, exact: true }).click()
  await page.getByRole('menuitem', { name: 'Ver ao vivo' }).click()
  const dialog = page.getByRole('dialog', { name: 'Ao vivo' })
  await expect(dialog).toContainText(tvName)
  return dialog
}

test('the live view shows what the paired player plays, follows a schedule change and says when the TV went offline', async ({ page, browser, api, adminToken, baseURL }) => {
  test.setTimeout(150_000)
  const { token, f, store, first, second, schedule } = await setup(api, adminToken, 'Ao Vivo')
  const tv = await pairedPlayer(browser, baseURL!, api, token, f, store.slug, schedule.id, 'TV Vitrine')
  await expect(onScreen(tv)).toHaveAttribute('data-media', 'Vitrine Ao Vivo')

  await useSession(page, { token, franchise: f })
  await page.goto('/dashboard')
  const dialog = await openLiveView(page, 'Loja Ao Vivo', 'TV Vitrine')
  const screen = dialog.getByRole('region', { name: 'Tela do televisor' })
  await expect(screen.getByRole('img', { name: 'Vitrine Ao Vivo' })).toBeVisible()
  await expect(dialog.getByRole('status')).toContainText('A TV confirmou esta programação')
  await expect(dialog.getByLabel('Agora')).toContainText('Vitrine Ao Vivo')
  await expect(dialog.getByLabel('Horário da loja')).toHaveText(/^\d{2}:\d{2}:\d{2}$/)
  await shot(page, 'live-view')

  // Another operator changes the schedule: the player plays it and the open view follows.
  await saveEntries(api, token, f, schedule.id, [{ id: second.id, displayTime: 30 }])
  await expect(onScreen(tv)).toHaveAttribute('data-media', 'Cartaz Ao Vivo')
  await expect(screen.getByRole('img', { name: 'Cartaz Ao Vivo' })).toBeVisible()
  await expect(dialog.getByRole('status')).toContainText('A TV confirmou esta programação')
  await expect(screen.getByRole('img', { name: 'Vitrine Ao Vivo' })).toHaveCount(0)

  // The box goes away: the view says since when, on what it last confirmed.
  await tv.context().close()
  await expect(dialog.getByRole('status')).toContainText(/Televisor offline desde \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\. Mostrando a última programação que ele confirmou\./)
  await expect(screen.getByRole('img', { name: 'Cartaz Ao Vivo' })).toBeVisible()
  await shot(page, 'live-view-offline')
  void first
})

test('a TV that has not confirmed the latest change shows the version it confirmed, turned as it is mounted', async ({ page, api, adminToken }) => {
  test.setTimeout(120_000)
  const { token, f, store, second, schedule } = await setup(api, adminToken, 'Pendente')
  // A box that acknowledges only when told (the real player acks at once).
  const box = await announceDevice(api)
  const display = await createDisplay(api, token, f, store.slug, { name: 'TV Coluna', device: box.device, contentOrientation: 1 })
  await api.post(`/display/${f}/${store.slug}/${display.id}`, { scheduleId: schedule.id }, token)
  const socket = await page.context().newPage()
  await socket.goto('/api/health')
  await socket.evaluate(
    (token) =>
      new Promise<void>((resolve, reject) => {
        const hashes: string[] = []
        const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/device/ws`)
        ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }))
        ws.onerror = () => reject(new Error('socket error'))
        ws.onmessage = (event) => {
          const frame = JSON.parse(String(event.data)) as { type: string; schedule?: { hash: string } | null }
          if (frame.type !== 'playlist') return // the build frame comes first
          hashes.push(frame.schedule?.hash ?? '')
          resolve()
        }
        let acked = ''
        // Players ack every 30 s (a silent socket is dropped): the hash acked last, not a newer one.
        setInterval(() => acked && ws.send(JSON.stringify({ type: 'ack', hash: acked })), 20_000)
        Object.assign(window, {
          hashes,
          ackLatest: () => {
            acked = hashes[hashes.length - 1]
            ws.send(JSON.stringify({ type: 'ack', hash: acked }))
          },
        })
      }),
    box.token,
  )
  const ackLatest = () => socket.evaluate(() => (window as unknown as { ackLatest: () => void }).ackLatest())
  const received = () => socket.evaluate(() => (window as unknown as { hashes: string[] }).hashes.length)
  await ackLatest()

  await useSession(page, { token, franchise: f })
  await page.goto('/dashboard')
  const dialog = await openLiveView(page, 'Loja Pendente', 'TV Coluna')
  const screen = dialog.getByRole('region', { name: 'Tela do televisor' })
  await expect(dialog.getByRole('status')).toContainText('A TV confirmou esta programação')
  await expect(screen.getByRole('img', { name: 'Vitrine Ao Vivo' })).toBeVisible()
  await expect(dialog).toContainText('Televisor vertical, conteúdo girado 90°')
  const box1 = await screen.boundingBox()
  expect(box1!.height).toBeGreaterThan(box1!.width) // a TV turned 90°: portrait

  // The change reaches the box, which does not confirm it yet.
  await saveEntries(api, token, f, schedule.id, [{ id: second.id, displayTime: 30 }])
  await expect.poll(received).toBe(2)
  await expect(dialog.getByRole('status')).toContainText(/Aguardando a TV confirmar a última alteração\. Mostrando a programação que ela confirmou às \d{2}:\d{2}:\d{2}\./)
  await expect(screen.getByRole('img', { name: 'Vitrine Ao Vivo' })).toBeVisible()
  await shot(page, 'live-view-pending')

  await ackLatest()
  await expect(dialog.getByRole('status')).toContainText('A TV confirmou esta programação')
  await expect(screen.getByRole('img', { name: 'Cartaz Ao Vivo' })).toBeVisible()
  await socket.close()
})

test('a TV moved to another schedule while offline: the live view shows what it has and names the schedule waiting for it', async ({ page, browser, api, adminToken, baseURL }) => {
  test.setTimeout(150_000)
  const { token, f, store, second, schedule } = await setup(api, adminToken, 'Mudança')
  const tv = await pairedPlayer(browser, baseURL!, api, token, f, store.slug, schedule.id, 'TV Balcão')
  await expect(onScreen(tv)).toHaveAttribute('data-media', 'Vitrine Ao Vivo')

  await useSession(page, { token, franchise: f })
  await page.goto('/dashboard')
  const dialog = await openLiveView(page, 'Loja Mudança', 'TV Balcão')
  const screen = dialog.getByRole('region', { name: 'Tela do televisor' })
  const note = dialog.getByRole('status')
  await expect(note).toContainText('A TV confirmou esta programação')

  // The box goes away; meanwhile the TV is moved to another schedule.
  await tv.context().close()
  await expect(note).toContainText(/Televisor offline desde .*Mostrando a última programação que ele confirmou\./)
  const promo = await createSchedule(api, token, f, 'Promoção de Verão')
  await saveEntries(api, token, f, promo.id, [{ id: second.id, displayTime: 30 }])
  const [display] = await storeDisplays(api, token, f, store.slug)
  await api.post(`/display/${f}/${store.slug}/${display.id}`, { scheduleId: promo.id }, token)

  await expect(note).toContainText(
    /^Televisor offline desde \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\. Nova programação aguardando a TV: Promoção de Verão\. A TV mostra a anterior até se conectar\.$/,
    { timeout: 15_000 },
  )
  // The view shows what the TV shows: the schedule it confirmed.
  await expect(screen.getByRole('img', { name: 'Vitrine Ao Vivo' })).toBeVisible()
  await expect(screen.getByRole('img', { name: 'Cartaz Ao Vivo' })).toHaveCount(0)
  await shot(page, 'live-view-offline-waiting')
})

/** HH:mm:ss of a moment in São Paulo, the stores' zone here. */
const spClock = (ms: number) => new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(ms)
const seconds = (clock: string) => clock.split(':').reduce((total, part) => total * 60 + Number(part), 0)

test("during a timed emergency message the live view's 'A seguir' starts where the message ends", async ({ page, api, adminToken }) => {
  test.setTimeout(120_000)
  const { token, f, store, first, second, schedule } = await setup(api, adminToken, 'Mensagem')
  await saveEntries(api, token, f, schedule.id, [
    { id: first.id, displayTime: 10 },
    { id: second.id, displayTime: 10 },
  ])
  const { email } = (await api.me(token)).user
  await api.post('/user/detail/adm', { email, emergencyOverride: 1 }, adminToken)
  const display = await createDisplay(api, token, f, store.slug, { name: 'TV Entrada' })
  await api.post(`/display/${f}/${store.slug}/${display.id}`, { scheduleId: schedule.id }, token)
  // The message for the next three minutes, on this TV.
  const ends = Date.now() + 3 * 60_000
  await api.post(`/override/${f}`, { target: 'displays', displays: [display.id], title: 'Loja fechará mais cedo', endsAt: ends }, token)

  await useSession(page, { token, franchise: f })
  await page.goto('/dashboard')
  const dialog = await openLiveView(page, 'Loja Mensagem', 'TV Entrada')
  const screen = dialog.getByRole('region', { name: 'Tela do televisor' })
  await expect(screen.getByLabel('Mensagem de emergência')).toContainText('Loja fechará mais cedo')
  const end = spClock(ends)
  await expect(dialog.getByLabel('Agora')).toHaveText(`Agora: Mensagem de emergência: Loja fechará mais cedo (até ${end})`)
  // What follows comes after the message: the schedule's item on screen at its end, then the next ones.
  const next = dialog.getByRole('list', { name: 'A seguir' }).getByRole('listitem')
  await expect(next).toHaveCount(5)
  const times = (await next.allTextContents()).map((line) => line.slice(0, 8))
  expect(times[0]).toBe(end)
  for (const time of times) expect(seconds(time)).toBeGreaterThanOrEqual(seconds(end))
  await expect(next.first()).toContainText(/Vitrine Ao Vivo|Cartaz Ao Vivo/)
  await shot(page, 'live-view-message-next')
})
