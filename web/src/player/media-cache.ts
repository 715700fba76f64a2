// The box's copy of its media files, in Cache Storage, so it keeps playing
// when the network drops or it restarts offline. Files are played from the
// copy through blob object URLs (same-origin, so a screenshot can draw
// them), and from the network while no copy exists. Where Cache Storage is
// missing (a page served over plain http is not a secure context) or
// refuses to work, the player plays from the network and relies on the
// browser's own HTTP cache.

/** What the player needs of its media store. */
export interface MediaFiles {
  /** Downloads every file not kept yet, then deletes the kept files not among `urls`. */
  sync(urls: readonly string[]): Promise<void>
  /** Deletes every kept file (clearMedia). */
  clear(): Promise<void>
  /** An address to play `url` from: an object URL of the kept copy, or `url` itself. */
  open(url: string): Promise<string>
  /** Gives back an address `open` returned once it is no longer shown. */
  release(address: string): void
  /** How many files are kept, and whether every one of `urls` is (the health report). */
  status?(urls: readonly string[]): Promise<{ cached: number; all: boolean }>
}

/** The cache name; a new name on an incompatible change lets the old one be deleted whole. */
export const CACHE_NAME = 'vitrine-player-media-v1'

type CacheLike = Pick<Cache, 'match' | 'put' | 'keys' | 'delete'>
type CachesLike = { open(name: string): Promise<CacheLike>; delete(name: string): Promise<boolean> }

export class MediaCache implements MediaFiles {
  private readonly caches: CachesLike | undefined
  private readonly fetch: typeof fetch
  private readonly base: string
  private cache: Promise<CacheLike | null> | null = null
  /** Bumped by every sync and clear: an older sync stops at its next file. */
  private generation = 0
  private readonly downloads = new Map<string, Promise<void>>()

  constructor(options: { caches: CachesLike | undefined; fetch: typeof fetch; base: string }) {
    this.caches = options.caches
    this.fetch = options.fetch
    this.base = options.base
  }

  /** The absolute address of a playlist URL (they may be root-relative): the cache's key. */
  private absolute(url: string) {
    try {
      return new URL(url, this.base).href
    } catch {
      return url
    }
  }

  private handle(): Promise<CacheLike | null> {
    if (!this.cache) {
      const caches = this.caches
      this.cache = caches ? caches.open(CACHE_NAME).catch(() => null) : Promise.resolve(null)
    }
    return this.cache
  }

  private download(cache: CacheLike, url: string): Promise<void> {
    let pending = this.downloads.get(url)
    if (!pending) {
      pending = (async () => {
        try {
          if (await cache.match(url)) return
          // no-store: the copy lives here, not a second time in the HTTP cache.
          const response = await this.fetch(url, { cache: 'no-store' })
          // Only a whole file is kept: not an error page, not a partial (206) answer.
          if (response.status === 200) await cache.put(url, response)
        } catch {
          // Offline, refused (a CDN without CORS) or the disk is full: played from the network, tried again next sync.
        } finally {
          this.downloads.delete(url)
        }
      })()
      this.downloads.set(url, pending)
    }
    return pending
  }

  async sync(urls: readonly string[]) {
    const generation = ++this.generation
    const cache = await this.handle()
    if (!cache) return
    const wanted = urls.map((url) => this.absolute(url))
    for (const url of wanted) {
      if (generation !== this.generation) return
      await this.download(cache, url)
    }
    // A download an older run started may still be writing its file: prune after it.
    await Promise.all([...this.downloads.values()])
    if (generation !== this.generation) return
    try {
      const keep = new Set(wanted)
      for (const request of await cache.keys()) {
        if (!keep.has(request.url)) await cache.delete(request)
      }
    } catch {
      // Pruned on the next sync.
    }
  }

  async clear() {
    this.generation++
    if (!this.caches) return
    try {
      await this.caches.delete(CACHE_NAME)
    } catch {
      // Nothing more to do.
    }
    this.cache = null
  }

  async open(url: string) {
    const cache = await this.handle()
    if (!cache) return url
    try {
      const response = await cache.match(this.absolute(url))
      if (response) return URL.createObjectURL(await response.blob())
    } catch {
      // Fall back to the network.
    }
    return url
  }

  release(address: string) {
    if (address.startsWith('blob:')) URL.revokeObjectURL(address)
  }

  async status(urls: readonly string[]) {
    const cache = await this.handle()
    if (!cache) return { cached: 0, all: urls.length === 0 }
    try {
      const kept = new Set((await cache.keys()).map((request) => request.url))
      return { cached: kept.size, all: urls.every((url) => kept.has(this.absolute(url))) }
    } catch {
      return { cached: 0, all: urls.length === 0 }
    }
  }
}

/** The browser's Cache Storage, or undefined where it is not offered. */
export function browserCaches(): CachesLike | undefined {
  return typeof caches !== 'undefined' ? caches : undefined
}
