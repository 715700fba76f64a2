// TV health: a paired player plays and reports its health on its acks; the
// operator opens 'Saúde do televisor' from the TV's menu in Visão Geral and
// sees that player's real report (its resolution, its cached media), and a
// TV whose report shows a problem carries a warning badge naming it.
import { test, expect, shot, strongPassword, uniqueEmail, useSession } from './fixtures.ts'
import { addMedia, png } from './harness/media-api.ts'
import { createDisplay, createSchedule, createStore, operatorWithGroup } from './harness/overview-api.ts'
import { onScreen, openPlayer } from './harness/player.ts'
import { saveEntries } from './harness/schedule-api.ts'

test("a TV's health panel shows its playing player's report, and a problem shows as a badge", async ({ page, browser, api, adminToken, baseURL }) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('saude')
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group: `Rede Saúde ${Date.now().toString(36)}` })
  const f = franchise.slug
  const store = await createStore(api, token, f, { name: 'Loja Saúde' })
  const first = await addMedia(api, token, f, { name: 'Vitrine Saúde', type: 'image', bytes: png(640, 360, { noise: true, seed: 21 }), contentType: 'image/png' })
  const second = await addMedia(api, token, f, { name: 'Cartaz Saúde', type: 'image', bytes: png(640, 360, { noise: true, seed: 22 }), contentType: 'image/png' })
  const schedule = await createSchedule(api, token, f, 'Vitrine Saúde')
  await saveEntries(api, token, f, schedule.id, [
    { id: first.id, displayTime: 5 },
    { id: second.id, displayTime: 5 },
  ])

  // The real player, paired and playing (its viewport is 960x540 at 1x).
  const tv = await openPlayer(browser, baseURL!)
  const code = tv.locator('.pairing-code')
  await expect(code).toHaveText(/^[A-Z0-9]{6}$/)
  const display = await createDisplay(api, token, f, store.slug, { name: 'TV Balcão', device: (await code.textContent())! })
  await api.post(`/display/${f}/${store.slug}/${display.id}`, { scheduleId: schedule.id }, token)
  await expect(onScreen(tv)).toHaveAttribute('data-media', 'Vitrine Saúde')
  const resolution = await tv.evaluate(() => `${Math.round(window.screen.width * devicePixelRatio)}x${Math.round(window.screen.height * devicePixelRatio)}`)
  // Both files cached: the player reports it at once (not with the next ack).
  await expect
    .poll(async () => (await api.get<{ health: { report: { cached: number; allCached: boolean } | null } }>(`/display/${f}/${store.slug}/${display.id}/health`, token)).health.report, { timeout: 20_000 })
    .toMatchObject({ cached: 2, allCached: true })

  await useSession(page, { token, franchise: f })
  await page.goto('/dashboard')
  const card = page.getByRole('region', { name: 'Loja Saúde', exact: true })
  await expect(card.getByRole('cell', { name: /^TV Balcão [A-Z0-9]{6}$/ })).toBeVisible()
  await expect(card.getByRole('img', { name: /^Problemas:/ })).toHaveCount(0)
  // Keyboard: the row's menu, then the panel.
  await card.getByRole('button', { name: 'Ações para TV Balcão', exact: true }).focus()
  await page.keyboard.press('Enter')
  await page.getByRole('menuitem', { name: 'Saúde do televisor' }).focus()
  await page.keyboard.press('Enter')
  const panel = page.getByRole('dialog', { name: 'Saúde do televisor' })
  await expect(panel).toContainText('TV Balcão')
  await expect(panel).toContainText(/Relatado em \d{2}\/\d{2}\/\d{4}/)
  const row = (label: string) => panel.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')
  await expect(row('Resolução')).toHaveText(resolution)
  await expect(row('Mídias em cache')).toHaveText('2 (toda a programação atual)')
  await expect(row('Navegador')).toContainText('Chrome')
  await expect(row('Relógio')).toHaveText('Em dia com o servidor')
  await expect(row('Armazenamento')).not.toHaveText('')
  await expect(panel.getByText('Nenhum problema no último relatório.')).toBeVisible()
  await expect(panel.getByRole('heading', { name: 'Últimos erros' })).toBeVisible()
  await shot(page, 'health-panel')
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()

  // A second TV whose player's clock is off and whose storage is almost full: the badge names both.
  const other = await openPlayer(browser, baseURL!)
  await other.addInitScript(() => {
    const skew = 5 * 60_000
    const now = Date.now
    Date.now = () => now() + skew
    Object.defineProperty(navigator, 'storage', { value: { estimate: async () => ({ usage: 95_000_000, quota: 100_000_000 }) } })
  })
  await other.reload()
  const otherCode = other.locator('.pairing-code')
  await expect(otherCode).toHaveText(/^[A-Z0-9]{6}$/)
  const skewed = await createDisplay(api, token, f, store.slug, { name: 'TV Depósito', device: (await otherCode.textContent())! })
  await api.post(`/display/${f}/${store.slug}/${skewed.id}`, { scheduleId: schedule.id }, token)
  await expect(onScreen(other)).toHaveAttribute('data-media', /Saúde/)
  // The report once the schedule's two files are cached (an earlier one, before the link, has the same problems).
  await expect
    .poll(
      async () => {
        const { health } = await api.get<{ health: { problems: { code: string }[]; report: { cached: number } | null } }>(`/display/${f}/${store.slug}/${skewed.id}/health`, token)
        return { problems: health.problems.map((p) => p.code), cached: health.report?.cached ?? 0 }
      },
      { timeout: 20_000 },
    )
    .toEqual({ problems: ['storage', 'clock'], cached: 2 })
  await page.reload()
  const badge = card.getByRole('img', { name: 'Problemas: Armazenamento quase cheio; Relógio com mais de um minuto de diferença' })
  await expect(badge).toBeVisible({ timeout: 20_000 })
  await shot(page, 'health-badge')
  await tv.context().close()
  await other.context().close()
})
