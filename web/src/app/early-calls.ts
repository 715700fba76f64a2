import type { FetchQueryOptions } from '@tanstack/react-query'
import { earlyCallArrived, startEarlyCall } from '@/lib/api-client'
import { queryClient } from '@/lib/query-client'
import { franchisesQueryOptions, restoresSession, userQueryOptions } from '@/lib/session'
import { storage, storageKeys } from '@/lib/storage'
import { preloadRoute } from './router'

/**
 * A page's call: its path; whether its answer is read only when the page
 * takes it; and the query the page reads it with, which the first load puts
 * in the cache before the page is drawn (exported by the page's own chunk,
 * the module its route imports, as `firstQuery`).
 */
type PageCall = { path: string; readWhenTaken?: true; query?: () => Promise<FirstQuery> }
// The options of any query: what prefetchQuery takes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FirstQuery = FetchQueryOptions<any, any, any, any>

/**
 * The calls each page makes as soon as it is drawn, by path, for the stored
 * group. They must be the very paths the pages ask for: a path that differs
 * is simply sent twice (the browser test first-data.spec.ts counts them).
 * An answer is read as it arrives, but for one marked readWhenTaken
 * (startEarlyCall's): Visão Geral reads its TV list after its first store
 * cards are drawn.
 */
const pageCalls: Record<string, (franchise: string) => PageCall[]> = {
  '/dashboard': (franchise) => [
    { path: `/store/${encodeURIComponent(franchise)}`, query: () => import('@/features/overview').then((m) => m.firstQuery(franchise)) },
    { path: `/display/${encodeURIComponent(franchise)}`, readWhenTaken: true },
  ],
  // The library's folder tree alone, as features/medias/api/get-medias.ts's libraryPath.
  '/medias': (franchise) => [
    {
      path: `/media/${encodeURIComponent(franchise)}?only=folderMap`,
      query: () => import('@/features/medias/library-page').then((m) => m.firstQuery(franchise)),
    },
  ],
  '/schedule': (franchise) => [
    {
      path: `/schedule/${encodeURIComponent(franchise)}`,
      query: () => import('@/features/schedules/list-page').then((m) => m.firstQuery(franchise)),
    },
  ],
  // The stores to pick from; the chosen store's content follows it.
  '/local': (franchise) => [
    { path: `/store/${encodeURIComponent(franchise)}`, query: () => import('@/features/local/local-page').then((m) => m.firstQuery(franchise)) },
  ],
  '/ads-center': (franchise) => [
    {
      path: `/advertise/${encodeURIComponent(franchise)}`,
      query: () => import('@/features/ads-center/list-page').then((m) => m.firstQuery(franchise)),
    },
  ],
  // The booking calendar: every screen with an ad slot, 183 days of each.
  '/ads-center/new': (franchise) => [
    {
      path: `/advertise/${encodeURIComponent(franchise)}/map`,
      query: () => import('@/features/ads-center/calendar-page').then((m) => m.firstQuery(franchise)),
    },
  ],
}

/**
 * How long the first draw waits for the session, the page's first data and
 * its code (firstDraw): they have usually arrived before the console's code
 * has run; on a slow answer the loading overlay shows after this.
 */
export const FIRST_DRAW_WAIT_MS = 500

/** What the first draw waits for (startEarlyCalls sets it); never fails. */
let firstData: Promise<void> = Promise.resolve()

/**
 * The first load of a tab. Signed in: before React draws anything, starts the
 * session check (GET /user/detail), the user's groups, the calls of the
 * page being opened and the chunks of its code, all at once. Without this
 * they would run one after the other: the script, the session check, the
 * layout's chunks, the page's chunks, and only then the page's data.
 * Without a session (or on a recovery or verification link): the chunk of
 * the sign-in pages, which the first load does not hold.
 */
export function startEarlyCalls({ pathname, search }: { pathname: string; search: string } = window.location) {
  if (!storage.get(storageKeys.token) || !restoresSession(pathname, search)) {
    // Any address but a recovery one leads to the login.
    preloadRoute(pathname.startsWith('/reset/') ? pathname : '/')
    return
  }
  startEarlyCall('/user/detail')
  startEarlyCall('/franchise')
  // A signed-in user opening the login's address is sent on to Visão Geral.
  const page = pathname === '/' ? '/dashboard' : pathname
  const franchise = storage.get(storageKeys.franchise)
  const calls = franchise ? (pageCalls[page]?.(franchise) ?? []) : []
  for (const call of calls) startEarlyCall(call.path, { readWhenTaken: call.readWhenTaken })
  // A failure here is the screens' to meet (see fillFirstData).
  firstData = fillFirstData(calls, preloadRoute(page)).catch(() => {})
}

/**
 * Puts the answers of a signed-in tab's first calls in the query cache, the
 * way the session and the page read them, once the session check has
 * succeeded, and waits for the page's code: the first draw is then the page
 * with its rows, not the loading overlay, the layout with the page's
 * skeleton and the rows, each a draw of its own after the other's effects.
 * An answer that failed is left to the screen that asks for it (a second
 * call, which reports the failure as usual).
 */
async function fillFirstData(calls: PageCall[], code: Promise<void>) {
  if (!(await earlyCallArrived('/user/detail'))) return
  const fill = async (path: string, query: () => FirstQuery | Promise<FirstQuery>) => {
    if (await earlyCallArrived(path)) await queryClient.prefetchQuery(await query())
  }
  await Promise.all([
    code,
    queryClient.prefetchQuery(userQueryOptions()),
    fill('/franchise', franchisesQueryOptions),
    ...calls.map((call) => call.query && fill(call.path, call.query)),
  ])
}

/**
 * Resolves once the first calls' answers are in the cache and the page's
 * code is here (see fillFirstData), or after `waitMs`, whichever comes first:
 * main.tsx draws the console then.
 */
export function firstDraw(waitMs = FIRST_DRAW_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, waitMs)
    void firstData.then(() => {
      clearTimeout(timer)
      resolve()
    })
  })
}
