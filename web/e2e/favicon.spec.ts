// The pages' icons: the player's page (/player) and the console's name a
// real icon, and /favicon.ico, which a browser asks for when a page names
// none, is one too: no page asks for an icon, or anything else, in vain.
import type { APIRequestContext, Page, Response } from '@playwright/test'
import { test, expect, useSession } from './fixtures.ts'
import { openPlayer } from './harness/player.ts'
import config, { desktopChromiumPath } from './playwright.config.ts'

// The desktop Chromium: its window fetches the icon a page names, the headless
// shell the other flows run on fetches none (this file gets a browser of its own).
test.use({ launchOptions: { ...config.use?.launchOptions, executablePath: desktopChromiumPath } })

/** Every answer of 400 and more the page receives from now on, as "STATUS URL". */
function failures(page: Page) {
  const seen: string[] = []
  page.on('response', (response: Response) => {
    if (response.status() >= 400) seen.push(`${response.status()} ${response.url()}`)
  })
  return seen
}

/**
 * The page's requests that failed, from its own record (the icon's too: the
 * browser fetches it outside the page's events) once the icon was fetched.
 */
async function failedResources(page: Page) {
  const entries = () =>
    page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({ name: e.name, status: e.responseStatus })),
    )
  await expect.poll(async () => (await entries()).some((e) => /\/favicon\.(ico|svg)$/.test(e.name)), { timeout: 10_000 }).toBe(true)
  return (await entries()).filter((e) => e.status >= 400).map((e) => `${e.status} ${e.name}`)
}

async function isPicture(request: APIRequestContext, path: string) {
  const response = await request.get(path)
  expect(response.status(), path).toBe(200)
  expect(response.headers()['content-type'], path).toMatch(/^image\//)
}

test('the player page names its icon, which loads, and no request of the page answers 404', async ({ browser, baseURL, request }) => {
  const tv = await openPlayer(browser, baseURL!)
  const failed = failures(tv)
  await tv.reload()
  await expect(tv.locator('.pairing-code')).toHaveText(/^[A-Z0-9]{6}$/)
  const named = await tv.locator('link[rel=icon]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''))
  expect(named.length).toBeGreaterThan(0)
  for (const href of [...named, '/favicon.ico']) await isPicture(request, href)
  expect(await failedResources(tv)).toEqual([])
  expect(failed).toEqual([])
  await tv.context().close()
})

test('the console names its icon, which loads, and /favicon.ico is an icon', async ({ page, request, adminToken }) => {
  await useSession(page, { token: adminToken })
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible()
  const named = await page.locator('link[rel=icon]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''))
  expect(named.length).toBeGreaterThan(0)
  for (const href of [...named, '/favicon.ico']) await isPicture(request, href)
  expect(await failedResources(page)).toEqual([])
})
