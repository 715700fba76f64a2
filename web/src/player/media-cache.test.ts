// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CACHE_NAME, MediaCache } from './media-cache'

/** Cache Storage in memory: one cache of URL → body text. */
function fakeCaches() {
  const stores = new Map<string, Map<string, string>>()
  const cacheOf = (name: string) => {
    let store = stores.get(name)
    if (!store) stores.set(name, (store = new Map()))
    return store
  }
  const caches = {
    open: vi.fn(async (name: string) => {
      const store = cacheOf(name)
      return {
        match: async (url: RequestInfo | URL) => (store.has(String(url)) ? new Response(store.get(String(url))) : undefined),
        put: async (url: RequestInfo | URL, response: Response) => {
          store.set(String(url), await response.text())
        },
        keys: async () => [...store.keys()].map((url) => ({ url }) as Request),
        delete: async (request: RequestInfo | URL) => store.delete(typeof request === 'string' ? request : (request as Request).url),
      }
    }),
    delete: vi.fn(async (name: string) => stores.delete(name)),
  }
  return { caches, files: () => [...cacheOf(CACHE_NAME).keys()] }
}

function files(status = 200) {
  const fetched: string[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input)
    fetched.push(url)
    if (url.includes('offline')) throw new TypeError('Failed to fetch')
    return new Response(`bytes of ${url}`, { status: url.includes('missing') ? 404 : status })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, fetched }
}

const BASE = 'https://tv.example.com/player'

describe('MediaCache', () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: vi.fn(() => 'blob:https://tv.example.com/1'), revokeObjectURL: vi.fn() }))
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('keeps every file of the playlist once, by absolute address', async () => {
    const { caches, files: kept } = fakeCaches()
    const { fetch, fetched } = files()
    const cache = new MediaCache({ caches, fetch, base: BASE })
    await cache.sync(['/files/a.jpg', 'https://cdn.example.com/b.mp4', '/files/a.jpg'])
    expect(kept()).toEqual(['https://tv.example.com/files/a.jpg', 'https://cdn.example.com/b.mp4'])
    await cache.sync(['/files/a.jpg', 'https://cdn.example.com/b.mp4'])
    expect(fetched).toHaveLength(2)
  })

  it('deletes the files no playlist uses any more', async () => {
    const { caches, files: kept } = fakeCaches()
    const cache = new MediaCache({ caches, fetch: files().fetch, base: BASE })
    await cache.sync(['/files/a.jpg', '/files/b.jpg'])
    await cache.sync(['/files/b.jpg', '/files/c.jpg'])
    expect(kept()).toEqual(['https://tv.example.com/files/b.jpg', 'https://tv.example.com/files/c.jpg'])
  })

  it('keeps no error pages and survives a failed download', async () => {
    const { caches, files: kept } = fakeCaches()
    const cache = new MediaCache({ caches, fetch: files().fetch, base: BASE })
    await cache.sync(['/files/missing.jpg', '/files/offline.mp4', '/files/ok.jpg'])
    expect(kept()).toEqual(['https://tv.example.com/files/ok.jpg'])
    // Played from the network meanwhile.
    expect(await cache.open('/files/offline.mp4')).toBe('/files/offline.mp4')
  })

  it('plays a kept file from an object URL, given back when done', async () => {
    const { caches } = fakeCaches()
    const cache = new MediaCache({ caches, fetch: files().fetch, base: BASE })
    await cache.sync(['/files/a.jpg'])
    const address = await cache.open('/files/a.jpg')
    expect(address).toBe('blob:https://tv.example.com/1')
    cache.release(address)
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:https://tv.example.com/1')
    cache.release('/files/b.jpg')
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(1)
  })

  it('clearMedia empties it', async () => {
    const { caches, files: kept } = fakeCaches()
    const cache = new MediaCache({ caches, fetch: files().fetch, base: BASE })
    await cache.sync(['/files/a.jpg'])
    await cache.clear()
    expect(caches.delete).toHaveBeenCalledWith(CACHE_NAME)
    expect(kept()).toEqual([])
  })

  it('plays from the network where Cache Storage is missing (plain http) or refuses', async () => {
    const { fetch, fetched } = files()
    const none = new MediaCache({ caches: undefined, fetch, base: 'http://tv.local/player' })
    await none.sync(['/files/a.jpg'])
    expect(fetched).toEqual([])
    expect(await none.open('/files/a.jpg')).toBe('/files/a.jpg')
    await none.clear()
    const refusing = new MediaCache({ caches: { open: () => Promise.reject(new Error('denied')), delete: async () => false }, fetch, base: BASE })
    await refusing.sync(['/files/a.jpg'])
    expect(await refusing.open('/files/a.jpg')).toBe('/files/a.jpg')
  })

  it('a newer playlist stops an older download run', async () => {
    const { caches, files: kept } = fakeCaches()
    let release: () => void = () => {}
    let started: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const slowStarted = new Promise<void>((resolve) => (started = resolve))
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).endsWith('slow.mp4')) {
        started()
        await gate
      }
      return new Response('x')
    }) as unknown as typeof globalThis.fetch
    const cache = new MediaCache({ caches, fetch, base: BASE })
    const first = cache.sync(['/files/slow.mp4', '/files/old.jpg'])
    await slowStarted
    const second = cache.sync(['/files/new.jpg'])
    release()
    await Promise.all([first, second])
    // old.jpg was never fetched, and slow.mp4 (finished after the new playlist came) was pruned.
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toEqual(['https://tv.example.com/files/slow.mp4', 'https://tv.example.com/files/new.jpg'])
    expect(kept()).toEqual(['https://tv.example.com/files/new.jpg'])
  })
})
