// The console follows its franchise live: with Visão Geral open, a TV
// paired to a player turns Online without a reload, and what another
// operator changes through the API appears without a reload either.
import type { Page } from '@playwright/test'
import { test, expect, shot, strongPassword, uniqueEmail, useSession } from './fixtures.ts'
import { createDisplay, createStore, operatorWithGroup } from './harness/overview-api.ts'
import { openPlayer } from './harness/player.ts'

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const tvRow = (page: Page, store: string, tv: string) =>
  card(page, store).getByRole('table').getByRole('row', { name: new RegExp(`^${tv} `) })

test('Visão Geral follows TV status and other operators without a reload', async ({ page, browser, api, adminToken, baseURL }) => {
  test.setTimeout(90_000)
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('aovivo'),
    password: strongPassword(),
    group: `Rede Ao Vivo ${Date.now().toString(36)}`,
  })
  const f = franchise.slug
  const store = await createStore(api, token, f, { name: 'Loja Centro' })
  await createDisplay(api, token, f, store.slug, { name: 'TV Parede' })

  await useSession(page, { token, franchise: f })
  await page.goto('/dashboard')
  await expect(tvRow(page, 'Loja Centro', 'TV Parede')).toContainText('Offline')

  // Another operator adds a store and a TV: both appear without a reload.
  const other = await createStore(api, token, f, { name: 'Loja Norte' })
  await expect(card(page, 'Loja Norte')).toBeVisible({ timeout: 10_000 })

  // A player is paired to a new TV: the row appears, then turns Online.
  const tv = await openPlayer(browser, baseURL!)
  const code = tv.locator('.pairing-code')
  await expect(code).toHaveText(/^[A-Z0-9]{6}$/)
  const started = Date.now()
  await createDisplay(api, token, f, other.slug, { name: 'TV Caixa', device: (await code.textContent())! })
  await expect(tvRow(page, 'Loja Norte', 'TV Caixa')).toContainText('Online', { timeout: 10_000 })
  const took = Date.now() - started
  console.log(`TV Online in the console ${took} ms after it was paired`)
  await shot(page, 'live-overview-online')

  // The player leaves: the row turns Offline without a reload.
  await tv.close()
  await expect(tvRow(page, 'Loja Norte', 'TV Caixa')).toContainText('Offline', { timeout: 10_000 })

  // Another operator renames a TV: the new name shows without a reload.
  const list = await api.get<{ displayList: { id: string; name: string }[] }>(`/display/${f}`, token)
  const parede = list.displayList.find((d) => d.name === 'TV Parede')!
  await api.post(`/display/${f}/${store.slug}/${parede.id}`, { name: 'TV Vitrine' }, token)
  await expect(tvRow(page, 'Loja Centro', 'TV Vitrine')).toBeVisible({ timeout: 10_000 })
})
