// What every flow imports: `test` with the harness's fixtures, `expect`, and
// small helpers. A new flow is a *.spec.ts file in this folder:
//
//   import { test, expect, loginAs, shot, uniqueEmail } from './fixtures.ts'
//   test('an operator creates a group', async ({ page, api, adminToken }) => { ... })
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { test as base, expect, type Page } from '@playwright/test'
import { Api } from './harness/api.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, ENV, requireEnv, SECOND_ADMIN } from './harness/env.ts'
import { Mailbox } from './harness/mailbox.ts'
import { S3Vitrine } from './harness/s3.ts'

export { expect }
export { ApiError, type Franchise, type NewUser, type User } from './harness/api.ts'
export type { Mail } from './harness/mailbox.ts'

/** localStorage keys of the console (web/src/lib/storage.ts). */
export const storageKeys = {
  token: 'vitrine:token',
  adminToken: 'vitrine:adm-token',
  franchise: 'vitrine:franchise',
  notificationsRead: 'vitrine:notifications-read',
  theme: 'vite-ui-theme',
} as const

export const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } as const
/** Another administrator (dispA and userA) of the main server, made by the global setup. */
export const secondAdmin = SECOND_ADMIN

/** A password that satisfies the rule of spec 1 section 5. */
export const strongPassword = (tag = '') => `Senha#${tag}${Math.floor(Math.random() * 1e6)}aB1`

let counter = 0
/** An address no other test used, e.g. uniqueEmail('reset') -> reset-1h2k3-1@e2e.test */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${counter}@e2e.test`
}

/** Puts a style sheet that turns every CSS animation and transition off in the document. */
const NO_ANIMATIONS = `(() => {
  const add = () => {
    const style = document.createElement('style')
    style.dataset.e2e = 'no-animations'
    style.textContent = '*, *::before, *::after { animation: none !important; transition: none !important; scroll-behavior: auto !important }'
    document.documentElement.append(style)
  }
  if (document.documentElement) add()
  else document.addEventListener('readystatechange', add, { once: true })
})()`

/** Where the server under test keeps media: its data folder, or a MinIO bucket. */
export type Storage = 'local' | 's3'

type Options = {
  /**
   * 'off' (the default) turns CSS animations and transitions off in every page
   * of the test's context: a dialog or menu is there at once, without the
   * frames of its fade and zoom or Playwright's wait for it to stand still.
   * A test about animations or transitions takes `test.use({ animations: 'on' })`.
   * Pages of contexts a test opens itself (the player's) keep them.
   */
  animations: 'on' | 'off'
  /**
   * 's3' runs the test against a second server whose media live in MinIO
   * (started on first use; see harness/s3.ts). Only for flows about media:
   * `test.use({ storage: 's3' })`.
   */
  storage: Storage
}

type WorkerFixtures = {
  s3Server: S3Vitrine
}

type Fixtures = {
  /** The JSON API of the server under test (see harness/api.ts). */
  api: Api
  /** Mails received by the harness's SMTP server since this test started. */
  mailbox: Mailbox
  /** A session token of the bootstrap administrator. */
  adminToken: string
}

export const test = base.extend<Fixtures & Options, WorkerFixtures>({
  storage: ['local', { option: true }],
  animations: ['off', { option: true }],
  context: async ({ context, animations }, use) => {
    if (animations === 'off') await context.addInitScript(NO_ANIMATIONS)
    await use(context)
  },
  s3Server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter, which must be an object pattern even when empty.
    async ({}, use) => {
      const server = new S3Vitrine()
      await use(server)
      await server.stop()
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ storage, s3Server }, use) => {
    await use(storage === 's3' ? await s3Server.baseURL() : requireEnv(ENV.baseURL))
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  mailbox: async ({}, use) => {
    await use(new Mailbox(requireEnv(ENV.mailURL), Date.now()))
  },
  api: async ({ baseURL, mailbox }, use) => {
    await use(new Api(baseURL!, mailbox))
  },
  adminToken: async ({ api }, use) => {
    await use(await api.login(ADMIN_EMAIL, ADMIN_PASSWORD))
  },
})

/** Logs in through the login screen and waits for the overview. */
export async function loginAs(page: Page, email: string, password: string) {
  await page.goto('/')
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByLabel('Senha', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}

/**
 * Chooses Sair in the open user menu and waits for the page it loads: the
 * console forgets the session and reloads on the login, and before that
 * load the login may already show (the routes see no session) while the old
 * page is still the one a test would read.
 */
export async function logOut(page: Page) {
  const reloaded = page.waitForEvent('load')
  await page.getByRole('menuitem', { name: 'Sair' }).click()
  await reloaded
}

/**
 * Opens the console already logged in with a token obtained from the API,
 * skipping the login screen (faster for flows that are not about logging in).
 * Pass `adminToken` too for the administrator's menus.
 */
export async function useSession(page: Page, session: { token: string; adminToken?: string; franchise?: string }) {
  await page.addInitScript(
    ([keys, s]) => {
      try {
        // Only once per tab: a logout later in the test must survive reloads.
        if (sessionStorage.getItem('e2e:session-set')) return
        sessionStorage.setItem('e2e:session-set', '1')
        localStorage.setItem(keys.token, s.token)
        if (s.adminToken) localStorage.setItem(keys.adminToken, s.adminToken)
        if (s.franchise) localStorage.setItem(keys.franchise, s.franchise)
      } catch {
        // about:blank and other opaque origins have no storage.
      }
    },
    [storageKeys, session] as const,
  )
}

/**
 * The toast whose text includes `title` (the console shows at most one).
 * Use as `await expect(toast(page, 'Usuário cadastrado')).toBeVisible()`.
 */
export function toast(page: Page, title: string | RegExp) {
  // The toast itself, in the toasts' region: Radix's live announcement
  // (role=status) lives only for a second, the toast stays until it closes.
  return page.getByRole('region', { name: /^Notificações/ }).getByRole('listitem').filter({ hasText: title }).first()
}

const screenshotDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')

/**
 * Writes a full-page screenshot to web/e2e/screenshots/<name>.png; with
 * `{ fullPage: false }` what the window shows, scrolled as it is. Only when
 * VITRINE_E2E_SHOTS=1 (the benchmarks' config sets it): the pictures are for
 * people, no test reads them, and the suite's 160-odd full-page captures cost
 * Chromium a tenth of its CPU. A failed test still keeps its screenshot and
 * trace in web/test-results/e2e/.
 */
export async function shot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (process.env.VITRINE_E2E_SHOTS !== '1') return
  fs.mkdirSync(screenshotDir, { recursive: true })
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage, animations: 'disabled' })
}

const streamRefused = new WeakSet<Page>()

/**
 * Refuses the console's event stream (GET /api/events/…) for page: the
 * stream stays open as long as the tab, so 'networkidle' never comes while
 * it runs. Screens checked after waiting for network idleness run on the
 * polling fallback instead (e2e/live.spec.ts checks the stream itself).
 */
export async function refuseEventStream(page: Page) {
  if (streamRefused.has(page)) return
  streamRefused.add(page)
  await page.route('**/api/events/**', (route) => route.abort())
}
