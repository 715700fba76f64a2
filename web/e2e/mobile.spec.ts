// A phone-sized screen (below the 768 px breakpoint): the sidebar is an off-canvas
// sheet and no screen is wider than the phone; wide tables scroll inside their card.
import type { Page } from '@playwright/test'
import { test, expect, shot, useSession, uniqueEmail, strongPassword } from './fixtures.ts'
import { addMedia, png } from './harness/media-api.ts'
import { createDisplay, createStore, operatorWithGroup } from './harness/overview-api.ts'

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
  for (const screen of screens) {
    await page.goto(screen.path)
    await expect(page.getByRole('heading', { name: screen.heading, exact: true })).toBeVisible()
    await page.waitForLoadState('networkidle')
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
