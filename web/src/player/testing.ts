// Fakes for the player's unit tests: a socket the test drives from the
// server's side, a fetch that answers the device API, storage in memory,
// a media store and a page host that record what they are asked.
import { vi } from 'vitest'
import type { MediaFiles } from './media-cache'
import type { AdMedia, PlayerEntry, PlayerSchedule, Screen } from './protocol'
import { PlayerSession, type HealthEnv, type SessionHost, type SocketLike } from './session'
import { PlayerStorage, type KeyValueStore } from './storage'

export class FakeSocket implements SocketLike {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 3
  readyState = FakeSocket.CONNECTING
  bufferedAmount = 0
  onopen: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  onclose: ((event: CloseEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  readonly sent: string[] = []
  closedBy: number | undefined
  readonly url: string

  constructor(url: string) {
    this.url = url
  }

  send(data: string) {
    if (this.readyState !== FakeSocket.OPEN) throw new Error('not open')
    this.sent.push(data)
  }

  close(code?: number) {
    this.closedBy = code
    this.readyState = FakeSocket.CLOSED
  }

  // The server's side.
  open() {
    this.readyState = FakeSocket.OPEN
    this.onopen?.(new Event('open'))
  }

  push(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent)
  }

  drop(code: number) {
    this.readyState = FakeSocket.CLOSED
    this.onclose?.({ code } as CloseEvent)
  }

  /** The frames the player sent, decoded. */
  frames(): { type: string; [key: string]: unknown }[] {
    return this.sent.map((text) => JSON.parse(text))
  }
}

export class MemoryStore implements KeyValueStore {
  readonly map = new Map<string, string>()
  get length() {
    return this.map.size
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null
  }
  getItem(key: string) {
    return this.map.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value))
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
}

export function fakeMedia(): MediaFiles & { synced: string[][]; cleared: number } {
  const media = {
    synced: [] as string[][],
    cleared: 0,
    sync: vi.fn(async (urls: readonly string[]) => {
      media.synced.push([...urls])
    }),
    clear: vi.fn(async () => {
      media.cleared++
    }),
    open: vi.fn(async (url: string) => url),
    release: vi.fn(),
  }
  return media
}

export function fakeHost(): SessionHost & { reloads: number } {
  const host = {
    reloads: 0,
    reload: vi.fn(() => {
      host.reloads++
    }),
    captureStill: vi.fn(async () => new Blob(['jpeg'], { type: 'image/jpeg' })),
    captureClip: vi.fn(async () => new Blob(['webm'], { type: 'video/webm' })),
  }
  return host
}

/** One call the player made to the device API. */
export interface Call {
  url: string
  method: string
  headers: Record<string, string>
  body: unknown
}

type Answer = { status: number; body?: unknown } | 'network-error'

/**
 * A fetch for the device API. `answers` gives, per path, what the server
 * answers (a function to vary it per call); calls are recorded.
 */
export function fakeFetch(answers: Record<string, Answer | ((call: Call) => Answer)>) {
  const calls: Call[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    const headers = (init.headers ?? {}) as Record<string, string>
    let body: unknown = init.body
    if (typeof body === 'string' && headers['Content-Type'] === 'application/json') body = JSON.parse(body)
    const call: Call = { url, method: init.method ?? 'GET', headers, body }
    calls.push(call)
    const path = url.startsWith('/api/device/command/') ? '/api/device/command/' : url
    const entry = answers[path]
    const answer = typeof entry === 'function' ? entry(call) : (entry ?? { status: 404, body: {} })
    if (answer === 'network-error') throw new TypeError('Failed to fetch')
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status, headers: { 'Content-Type': 'application/json' } })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls }
}

export const SCREEN: Screen = {
  displayId: 'tv-1',
  name: 'TV Vitrine da Entrada',
  device: 'K7M3QX',
  franchise: 'loja-demo',
  store: 'centro',
  storeName: 'Centro',
  contentOrientation: 0,
  timeZone: 'America/Sao_Paulo',
  datesTimeZone: 'America/Sao_Paulo',
  hours: null,
  whenClosed: 'play',
}

/**
 * A schedule entry as the server sends it: the rules a test leaves out take
 * the values the playback rules give missing ones (every day, enabled, all
 * day, muted; a media 10 s, an ad slot its positions).
 */
export function entry(fields: Partial<PlayerEntry> & { id: string }): PlayerEntry {
  const length = fields.isAd ? (fields.adSlots ?? 0) * (fields.adTime ?? 0) : 10
  return { name: fields.id, displayTime: length, dok: 127, enabled: true, stretch: false, timeGap: [], volume: 0, ...fields }
}

/** An advertisement's media as the server sends it, with the same defaults. */
export function adMedia(fields: Partial<AdMedia> & { id: string }): AdMedia {
  return { name: fields.id, displayTime: 10, dok: 127, enabled: true, timeGap: [], volume: 0, ...fields }
}

/**
 * A schedule as a playlist frame carries it, without updatedAt unless the
 * patch gives one: the session then counts the loop from the frame's
 * arrival, which these tests assume.
 */
export function schedule(patch: Partial<PlayerSchedule> = {}): PlayerSchedule {
  return {
    id: 'sch-1',
    name: 'Vitrine',
    hash: 'h1',
    entries: [
      entry({ id: 'm-img', type: 'image', displayTime: 10 }),
      entry({ id: 'm-vid', type: 'video', displayTime: 20, volume: 0.5 }),
    ],
    media: {
      'm-img': { name: 'Promoção', type: 'image', url: '/files/loja-demo/promo.jpg' },
      'm-vid': { name: 'Vídeo', type: 'video', url: 'https://cdn.example.com/loja-demo/video.mp4' },
    },
    bottomBar: null,
    ...patch,
  } as PlayerSchedule
}

/** A session over fakes, for https://tv.example.com unless told otherwise. */
export function makeSession(options: { store?: MemoryStore; fetch: typeof fetch; protocol?: string; random?: () => number; env?: HealthEnv; build?: string }) {
  const sockets: FakeSocket[] = []
  const store = options.store ?? new MemoryStore()
  const media = fakeMedia()
  const host = fakeHost()
  const session = new PlayerSession({
    version: '1.2.3',
    build: options.build,
    storage: new PlayerStorage(store),
    media,
    host,
    fetch: options.fetch,
    openSocket: (url) => {
      const socket = new FakeSocket(url)
      sockets.push(socket)
      return socket
    },
    location: { protocol: options.protocol ?? 'https:', host: 'tv.example.com' },
    random: options.random ?? (() => 0.5),
    env: options.env,
  })
  const last = () => sockets[sockets.length - 1]
  return { session, sockets, last, store, media, host }
}
