// The frame around every screen: theme menu, sidebar and notifications (spec 1 section 2 "Layout").
import { test, expect, shot, storageKeys, useSession } from './fixtures.ts'

test.beforeEach(async ({ page, adminToken }) => {
  await useSession(page, { token: adminToken })
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible()
})

const html = (page: import('@playwright/test').Page) => page.locator('html')
const storedTheme = (page: import('@playwright/test').Page) =>
  page.evaluate((key) => localStorage.getItem(key), storageKeys.theme)

async function chooseTheme(page: import('@playwright/test').Page, name: 'Light' | 'Dark' | 'System') {
  await page.getByRole('button', { name: 'Alternar tema' }).click()
  await page.getByRole('menuitemradio', { name, exact: true }).click()
}

test('the theme menu switches between light, dark and the system theme, and remembers it', async ({ page }) => {
  await chooseTheme(page, 'Dark')
  await expect(html(page)).toHaveClass(/\bdark\b/)
  expect(await storedTheme(page)).toBe('dark')
  await shot(page, 'theme-dark')

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible()
  await expect(html(page)).toHaveClass(/\bdark\b/)

  await chooseTheme(page, 'Light')
  await expect(html(page)).not.toHaveClass(/\bdark\b/)
  expect(await storedTheme(page)).toBe('light')
  await shot(page, 'theme-light')

  // System follows the operating system's preference, live.
  await page.emulateMedia({ colorScheme: 'dark' })
  await chooseTheme(page, 'System')
  expect(await storedTheme(page)).toBe('system')
  await expect(html(page)).toHaveClass(/\bdark\b/)
  await page.emulateMedia({ colorScheme: 'light' })
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible()
  await expect(html(page)).not.toHaveClass(/\bdark\b/)
})

test('ctrl+b collapses the sidebar to icons and it stays collapsed after a reload', async ({ page, context }) => {
  const sidebar = page.locator('[data-slot="sidebar"]')
  await expect(sidebar).toHaveAttribute('data-state', 'expanded')
  await expect(page.getByRole('link', { name: 'VISÃO GERAL' })).toBeVisible()
  await shot(page, 'sidebar-expanded')

  await page.keyboard.press('Control+b')
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state')
  expect(cookie?.value).toBe('false')
  // Seven days, give or take the test's own duration.
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 120)

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible()
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
  await shot(page, 'sidebar-collapsed')

  await page.getByRole('button', { name: 'Alternar barra lateral' }).first().click()
  await expect(sidebar).toHaveAttribute('data-state', 'expanded')
  expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('true')
})

test('the notifications popover lists the release notes and marks them read', async ({ page }) => {
  const bell = page.getByRole('button', { name: 'Notificações' })
  // A fresh browser has read nothing: the bell shows the unread count.
  const badge = bell.getByText(/\d+ não lidas/)
  await expect(badge).toHaveText(/^5 não lidas$/)

  await bell.click()
  const popover = page.getByRole('dialog').filter({ hasText: 'Novidades da Plataforma' })
  await expect(popover).toBeVisible()
  const notes = popover.getByRole('list', { name: 'Novidades' }).getByRole('button')
  await expect(notes).toHaveCount(5)
  // Newest first.
  await expect(notes.first()).toContainText('2.6.0')
  await shot(page, 'notifications-open')

  // Clicking one marks only that one read.
  await notes.nth(1).click()
  await expect(badge).toHaveText(/^4 não lidas$/)

  await popover.getByRole('button', { name: 'Marcar todas como lidas' }).click()
  await expect(badge).toBeHidden()
  await expect(popover.getByRole('button', { name: /\(não lida\)$/ })).toHaveCount(0)
  const read = await page.evaluate((key) => localStorage.getItem(key), storageKeys.notificationsRead)
  expect(JSON.parse(read ?? '[]')).toHaveLength(5)
  await shot(page, 'notifications-read')
  await page.keyboard.press('Escape')

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible()
  await expect(bell).toBeVisible()
  await expect(bell.getByText(/não lidas/)).toBeHidden()
})
