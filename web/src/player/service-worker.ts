// The player's service worker, built to /player-sw.js and registered with
// scope /player by main.tsx. It keeps the player's own page and code in
// Cache Storage, so a box that restarts without a network still starts —
// and then plays the playlist and files it kept (storage.ts,
// media-cache.ts). The page is asked of the network first (a new build
// takes over at the next start), its hashed code from the copy first.
// Nothing else is touched: the API, the socket and media files pass by.
//
// A classic script (Chrome 80 has no module service workers): this file
// exports nothing, and what it imports only it imports, so the build
// inlines it.
import { assetsOf } from './shell'

/** The cache of the page and its code; a new name drops the old one at activation. */
const SHELL = 'vitrine-player-shell-v1'
const PAGE = '/player'
/** How long a start waits for the network before it takes the kept page. */
const PAGE_WITHIN_MS = 4_000

// The few service-worker types used here (the project compiles against the DOM library only).
interface LifecycleEvent extends Event {
  waitUntil(work: Promise<unknown>): void
}
interface FetchLikeEvent extends LifecycleEvent {
  readonly request: Request
  respondWith(response: Promise<Response>): void
}
interface WorkerScope {
  readonly location: Location
  readonly clients: { claim(): Promise<void> }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (event: LifecycleEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchLikeEvent) => void): void
}

const worker = self as unknown as WorkerScope

/** Keeps a page answer and the code it names, and forgets the code of older builds. */
async function keepPage(page: Response) {
  const html = await page.clone().text()
  const cache = await caches.open(SHELL)
  const assets = assetsOf(html)
  for (const asset of assets) {
    if (await cache.match(asset)) continue
    const response = await fetch(asset)
    if (!response.ok) return // not a whole build: keep the previous one
    await cache.put(asset, response)
  }
  await cache.put(PAGE, page)
  const current = new Set(assets.map((asset) => new URL(asset, worker.location.origin).href))
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname.startsWith('/assets/') && !current.has(request.url)) await cache.delete(request)
  }
}

/** The page: from the network when it answers in time (kept for later), else the kept one. */
async function page(event: FetchLikeEvent): Promise<Response> {
  const network = fetch(event.request).then((response) => {
    if (response.ok && response.type === 'basic') event.waitUntil(keepPage(response.clone()).catch(() => undefined))
    return response
  })
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), PAGE_WITHIN_MS))
  const first = await Promise.race([network.catch(() => null), late])
  if (first && first.ok) return first
  const kept = await caches.match(PAGE, { cacheName: SHELL })
  if (kept) return kept
  // Nothing kept yet: whatever the network says, however late.
  return first ?? network
}

/** Hashed code never changes: the kept copy first. */
async function asset(request: Request): Promise<Response> {
  const kept = await caches.match(request, { cacheName: SHELL })
  if (kept) return kept
  const response = await fetch(request)
  if (response.ok && response.type === 'basic') {
    const copy = response.clone()
    void caches.open(SHELL).then((cache) => cache.put(request, copy))
  }
  return response
}

worker.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(PAGE, { cache: 'no-store' })
      .then((response) => (response.ok ? keepPage(response) : undefined))
      .catch(() => undefined)
      .then(() => worker.skipWaiting()),
  )
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('vitrine-player-shell-') && name !== SHELL).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  )
})

worker.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== worker.location.origin) return
  if (request.mode === 'navigate' && (url.pathname === PAGE || url.pathname.startsWith(PAGE + '/'))) {
    event.respondWith(page(event))
  } else if (url.pathname.startsWith('/assets/player-')) {
    event.respondWith(asset(request))
  }
})
