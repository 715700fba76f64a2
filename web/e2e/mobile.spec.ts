// A phone-sized screen (below the 768 px breakpoint): the sidebar is an off-canvas
// sheet and no screen is wider than the phone; wide tables scroll inside their card.
import type { Page } from '@playwright/test'
import { test, expect, refuseEventStream, shot, useSession, uniqueEmail, strongPassword } from './fixtures.ts'
import { addMedia, png } from './harness/media-api.ts'
import { createDisplay, createStore, operatorWithGroup } from './harness/overview-api.ts'
import { networkQuiet, openInApp, trackRequests } from './harness/navigate.ts'

test.use({ viewport: { width: 390, height: 844 } })

/** How many pixels the page is wider than the window (0 when it fits). */
const overflowX = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test('every screen fits a phone and the sidebar opens as a sheet', async ({ page, api, adminToken }) => {
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('celular'),
    password: strongPassword(),
    group: `Rede Celular ${Date.now().toString(36)}`,
  })
  const store = await createStore(api, token, franchise.slug, { name: 'Loja Shopping Iguatemi' })
  for (const name of ['TV Vitrine Principal', 'TV Caixa']) await createDisplay(api, token, franchise.slug, store.slug, { name })
  await addMedia(api, token, franchise.slug, { name: 'Promoção de verão com desconto especial para toda a família em todas as lojas 2026', type: 'image', bytes: png(64, 36), contentType: 'image/png' })

  await useSession(page, { token, adminToken })
  const screens = [
    { path: '/dashboard', heading: 'Visão Geral', shot: 'mobile-overview' },
    { path: '/groups', heading: 'Grupos', shot: 'mobile-groups' },
    { path: '/medias', heading: 'Minhas Mídias', shot: 'mobile-medias' },
    { path: '/user/list', heading: 'Admin', shot: 'mobile-user-list' },
    { path: '/profile/edit', heading: 'Editar Usuário', shot: 'mobile-profile' },
  ]
  await refuseEventStream(page)
  trackRequests(page)
  for (const [index, screen] of screens.entries()) {
    // Loaded at the phone's width, then each next screen opened in the console at that width.
    if (index === 0) await page.goto(screen.path)
    else await openInApp(page, screen.path)
    await expect(page.getByRole('heading', { name: screen.heading, exact: true })).toBeVisible()
    await networkQuiet(page)
    await shot(page, screen.shot)
    expect(await overflowX(page), `${screen.path} is wider than the phone`).toBe(0)
  }

  await page.getByRole('button', { name: 'Alternar barra lateral' }).click()
  const sheet = page.getByRole('dialog')
  await expect(sheet.getByRole('link', { name: 'MINHAS MÍDIAS' })).toBeVisible()
  await shot(page, 'mobile-sidebar')
  await sheet.getByRole('link', { name: 'VISÃO GERAL' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(sheet).toBeHidden()
})

test("on a phone the TV's name stays in view while its row scrolls to 'Comandos'", async ({ page, api, adminToken }) => {
  const email = uniqueEmail('rolagem')
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group: `Rede Rolagem ${Date.now().toString(36)}` })
  const store = await createStore(api, token, franchise.slug, { name: 'Loja Rolagem' })
  await createDisplay(api, token, franchise.slug, store.slug, { name: 'TV Vitrine' })
  const { token: actingToken } = await api.post<{ token: string }>('/user/impersonate', { email }, adminToken)

  await useSession(page, { token: actingToken, adminToken })
  await page.goto('/dashboard')
  const table = page.getByRole('region', { name: 'Loja Rolagem', exact: true }).getByRole('table')
  const commands = table.getByRole('button', { name: 'Comandos para TV Vitrine' })
  await expect(commands).toBeAttached()
  const scroller = table.locator('xpath=..')
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth), 'the table is wider than the phone').toBe(true)
  await table.scrollIntoViewIfNeeded()
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }))
  await expect(commands).toBeInViewport()
  const box = (await scroller.boundingBox())!
  const name = table.getByRole('cell').filter({ hasText: 'TV Vitrine' }).first()
  const nameBox = (await name.boundingBox())!
  // The name cell still starts at the table's left edge, next to the commands.
  expect(Math.abs(nameBox.x - box.x)).toBeLessThan(2)
  await expect(name).toBeInViewport()
  await shot(page, 'mobile-tv-row-scrolled')
  expect(await overflowX(page), 'the overview is wider than the phone').toBe(0)
})
