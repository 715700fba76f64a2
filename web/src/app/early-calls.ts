import { startEarlyCall } from '@/lib/api-client'
import { restoresSession } from '@/lib/session'
import { storage, storageKeys } from '@/lib/storage'
import { preloadRoute } from './router'

/** A page's call: its path, and whether its answer is read only when the page takes it. */
type PageCall = string | { path: string; readWhenTaken: true }

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
    `/store/${encodeURIComponent(franchise)}`,
    { path: `/display/${encodeURIComponent(franchise)}`, readWhenTaken: true },
  ],
  // The library's folder tree alone, as features/medias/api/get-medias.ts's libraryPath.
  '/medias': (franchise) => [`/media/${encodeURIComponent(franchise)}?only=folderMap`],
  '/schedule': (franchise) => [`/schedule/${encodeURIComponent(franchise)}`],
  // The stores to pick from; the chosen store's content follows it.
  '/local': (franchise) => [`/store/${encodeURIComponent(franchise)}`],
  '/ads-center': (franchise) => [`/advertise/${encodeURIComponent(franchise)}`],
  // The booking calendar: every screen with an ad slot, 183 days of each.
  '/ads-center/new': (franchise) => [`/advertise/${encodeURIComponent(franchise)}/map`],
}

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
  const calls = pageCalls[page]
  if (franchise && calls) {
    for (const call of calls(franchise)) {
      if (typeof call === 'string') startEarlyCall(call)
      else startEarlyCall(call.path, { readWhenTaken: call.readWhenTaken })
    }
  }
  preloadRoute(page)
}
