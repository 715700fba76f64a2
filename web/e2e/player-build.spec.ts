// A player page left open across an upgrade takes the server's build: the
// socket names the build the server serves, and a page of another build
// reloads — once, even when the page it gets is still not the server's.
import { test, expect } from './fixtures.ts'

test('a player page of another build reloads once to take the server’s, and does not loop', async ({ browser, baseURL }) => {
  // No service worker: every page load goes through the route below. A page fulfilled by the
  // route is of no address Chromium knows: it may open the socket to this machine when allowed.
  const context = await browser.newContext({
    baseURL, viewport: { width: 960, height: 540 }, locale: 'pt-BR', serviceWorkers: 'block', permissions: ['local-network-access'],
  })
  // The page as another build would name its script: the same code under another address.
  await context.route('**/player', async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace(/(src="\/assets\/player-[^"]+\.js)"/, '$1?build=antigo"')
    await route.fulfill({ response, body: html })
  })
  const tv = await context.newPage()
  let loads = 0
  tv.on('framenavigated', (frame) => {
    if (frame === tv.mainFrame()) loads++
  })
  const sockets: string[][] = []
  tv.on('websocket', (ws) => {
    const frames: string[] = []
    sockets.push(frames)
    ws.on('framereceived', (f) => frames.push(String(f.payload)))
  })
  await tv.goto('/player')
  // The first socket names the server's build; the page reloads.
  await expect.poll(() => loads).toBe(2)
  const build = JSON.parse(sockets[0].find((f) => f.includes('"type":"build"'))!).player as string
  expect(build).toMatch(/^\/assets\/player-[\w-]+\.js$/)
  // The reload got this build's page again: its socket says the same, and the page stays.
  await expect.poll(() => sockets.length).toBe(2)
  await expect.poll(() => sockets[1].some((f) => f.includes('"type":"unpaired"'))).toBe(true)
  expect(sockets[1][0]).toBe(`{"type":"build","player":"${build}"}`)
  await expect(tv.locator('.pairing-code')).toHaveText(/^[A-Z0-9]{6}$/)
  expect(loads).toBe(2)
  expect(JSON.parse((await tv.evaluate(() => localStorage.getItem('vitrine.player.reloadedFor')))!)).toMatchObject({ build })
  await context.close()
})
