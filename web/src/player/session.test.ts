// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { vi } from 'vitest'
import { ACK_EVERY_MS, CONNECT_TIMEOUT_MS, RELOAD_AGAIN_MS, RESTART_GRACE_MS, FOOTER_EVERY_MS, IDENTIFY_MS, PLAYS_EVERY_MS, PLAYS_FIRST_MS, PLAYS_RETRY_MS } from './session'
import { PlayerStorage } from './storage'
import { fakeFetch, makeSession, MemoryStore, schedule, SCREEN, type Call } from './testing'

const HELLO = '/api/device/hello'
const FOOTER = '/api/device/footer'
const COMMAND = '/api/device/command/'
const T0 = Date.parse('2026-03-02T10:00:00-03:00')

const unpairedHello = { status: 200, body: { device: 'K7M3QX', token: 'tok-1', paired: false } }
const pairedHello = { status: 200, body: { device: 'K7M3QX', token: 'tok-1', paired: true } }

/** Lets pending promises (fetch answers) settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(T0)
})

afterEach(() => {
  vi.useRealTimers()
})

describe('pairing', () => {
  it('says hello with its version, keeps the token and shows the code while unpaired', async () => {
    const { fetch, calls } = fakeFetch({ [HELLO]: unpairedHello })
    const { session, store, last } = makeSession({ fetch })
    session.start()
    await settle()

    expect(calls[0]).toMatchObject({ url: HELLO, method: 'POST', body: { version: '1.2.3' } })
    expect(store.getItem('vitrine.player.token')).toBe('tok-1')
    expect(session.getState()).toMatchObject({ device: 'K7M3QX', paired: false, playlist: null })

    // Then the socket: same origin, wss: like the https page, and the auth frame first.
    const socket = last()
    expect(socket.url).toBe('wss://tv.example.com/api/device/ws')
    socket.open()
    expect(socket.frames()[0]).toEqual({ type: 'auth', token: 'tok-1' })
    socket.push({ type: 'unpaired', device: 'K7M3QX' })
    expect(session.getState()).toMatchObject({ device: 'K7M3QX', paired: false, connection: 'online' })
  })

  it('sends the kept token on later starts and uses ws: on an http page', async () => {
    const store = new MemoryStore()
    store.setItem('vitrine.player.token', 'tok-1')
    store.setItem('vitrine.player.device', 'K7M3QX')
    const { fetch, calls } = fakeFetch({ [HELLO]: pairedHello })
    const { session, last } = makeSession({ fetch, store, protocol: 'http:' })
    session.start()
    // The code is known before the server answers.
    expect(session.getState().device).toBe('K7M3QX')
    await settle()
    expect(calls[0].body).toEqual({ version: '1.2.3', token: 'tok-1' })
    expect(last().url).toBe('ws://tv.example.com/api/device/ws')
  })
})

describe('the page\'s build', () => {
  const OWN = '/assets/player-Aa11.js'
  const NEXT = '/assets/player-Bb22.js'

  async function opened(build?: string, store?: MemoryStore) {
    const { fetch } = fakeFetch({ [HELLO]: pairedHello })
    const s = makeSession({ fetch, build, store })
    s.session.start()
    await settle()
    s.last().open()
    return s
  }

  it('reloads the page when the server serves another build, once per build in 10 minutes', async () => {
    const { host, last, session, store } = await opened(OWN)
    last().push({ type: 'build', player: NEXT })
    expect(host.reloads).toBe(1)
    // The reload brought the kept page again (the network too slow): the next socket says the same.
    const again = await opened(OWN, store)
    again.last().push({ type: 'build', player: NEXT })
    expect(again.host.reloads).toBe(0)
    await vi.advanceTimersByTimeAsync(RELOAD_AGAIN_MS)
    again.last().push({ type: 'build', player: NEXT })
    expect(again.host.reloads).toBe(1)
    // Another build (a rollback, say) is taken at once.
    again.last().push({ type: 'build', player: '/assets/player-Cc33.js' })
    expect(again.host.reloads).toBe(2)
    session.stop()
    again.session.stop()
  })

  it('does not reload when it cannot keep that it did (its storage refuses writes)', async () => {
    const store = new MemoryStore()
    store.setItem = () => {
      throw new Error('QuotaExceededError')
    }
    const { host, last, session } = await opened(OWN, store)
    last().push({ type: 'build', player: NEXT })
    expect(host.reloads).toBe(0)
    session.stop()
  })

  it('stays when the build is its own, or when it knows none of its own', async () => {
    const same = await opened(OWN)
    same.last().push({ type: 'build', player: OWN })
    expect(same.host.reloads).toBe(0)
    const unknown = await opened(undefined)
    unknown.last().push({ type: 'build', player: NEXT })
    expect(unknown.host.reloads).toBe(0)
    // The playlist that follows is applied as ever.
    same.last().push({ type: 'playlist', serverTime: T0, screen: SCREEN, overrides: [], schedule: schedule() })
    expect(same.session.getState().playlist?.schedule?.hash).toBe('h1')
    same.session.stop()
    unknown.session.stop()
  })
})

describe('playlists', () => {
  async function paired() {
    const { fetch, calls } = fakeFetch({ [HELLO]: pairedHello, [FOOTER]: { status: 200, body: { weather: { temperature: 25, code: 0 } } } })
    const s = makeSession({ fetch })
    s.session.start()
    await settle()
    s.last().open()
    return { ...s, calls }
  }

  it('applies a playlist, keeps it, prefetches its files and acks right away', async () => {
    const { session, last, store, media } = await paired()
    const socket = last()
    socket.push({ type: 'playlist', serverTime: T0 + 5_000, screen: SCREEN, schedule: schedule() })

    const state = session.getState()
    expect(state.paired).toBe(true)
    expect(state.playlist?.schedule?.hash).toBe('h1')
    // The box's clock is 5 s behind the server's: the player plays on the server's.
    expect(state.playlist?.serverOffset).toBe(5_000)
    expect(session.now()).toBe(T0 + 5_000)
    expect(JSON.parse(store.getItem('vitrine.player.playlist')!).schedule.hash).toBe('h1')
    expect(media.synced.at(-1)).toEqual(['/files/loja-demo/promo.jpg', 'https://cdn.example.com/loja-demo/video.mp4'])
    expect(socket.frames().slice(1)).toEqual([{ type: 'ack', hash: 'h1' }])
  })

  it('acks every 30 s, with an empty hash while the TV has no schedule', async () => {
    const { last } = await paired()
    const socket = last()
    socket.push({ type: 'playlist', serverTime: T0, screen: SCREEN, schedule: null })
    expect(socket.frames().at(-1)).toEqual({ type: 'ack', hash: '' })
    await vi.advanceTimersByTimeAsync(ACK_EVERY_MS * 3)
    expect(socket.frames().filter((f) => f.type === 'ack')).toHaveLength(4)
  })

  it('restarts the loop only when the hash changes', async () => {
    const { session, last } = await paired()
    const socket = last()
    socket.push({ type: 'playlist', serverTime: T0, screen: SCREEN, schedule: schedule() })
    const first = session.getState().playlist!.changedAt
    expect(first).toBe(T0)
    await vi.advanceTimersByTimeAsync(60_000)
    socket.push({ type: 'playlist', serverTime: T0 + 60_000, screen: { ...SCREEN, name: 'Outro nome' }, schedule: schedule() })
    expect(session.getState().playlist!.changedAt).toBe(first)
    socket.push({ type: 'playlist', serverTime: T0 + 60_000, screen: SCREEN, schedule: schedule({ hash: 'h2' }) })
    expect(session.getState().playlist!.changedAt).toBe(T0 + 60_000)
  })

  it('keeps the screen of the socket\'s last playlist when one comes with "screen": "same"', async () => {
    const { session, last, store } = await paired()
    const socket = last()
    socket.push({ type: 'playlist', serverTime: T0, screen: { ...SCREEN, name: 'TV Balcão' }, schedule: schedule() })
    socket.push({ type: 'playlist', serverTime: T0 + 1_000, screen: 'same', schedule: schedule({ hash: 'h2' }) })
    const state = session.getState()
    expect(state.playlist?.screen.name).toBe('TV Balcão')
    expect(state.playlist?.schedule?.hash).toBe('h2')
    expect(JSON.parse(store.getItem('vitrine.player.playlist')!).screen.name).toBe('TV Balcão')
    expect(socket.frames().at(-1)).toEqual({ type: 'ack', hash: 'h2' })
  })

  it('takes the overrides beside the screen, with "screen": "same" too, and names them in its ack', async () => {
    const { session, last, store } = await paired()
    const socket = last()
    const override = { id: 'ov1', title: 'Atenção', text: '', background: '#B91C1C', color: '#FFFFFF', media: { id: 'm1', type: 'image' as const, url: '/files/loja-demo/alerta.png' }, start: T0, end: 0 }
    socket.push({ type: 'playlist', serverTime: T0, screen: { ...SCREEN, name: 'TV Balcão' }, overrides: [], schedule: schedule() })
    expect(session.getState().playlist?.screen.overrides).toEqual([])
    socket.push({ type: 'playlist', serverTime: T0 + 1_000, screen: 'same', overrides: [override], schedule: schedule() })
    let state = session.getState()
    expect(state.playlist?.screen).toMatchObject({ name: 'TV Balcão', overrides: [override] })
    expect(JSON.parse(store.getItem('vitrine.player.playlist')!).screen.overrides).toEqual([override])
    expect(socket.frames().at(-1)).toEqual({ type: 'ack', hash: 'h1', overrides: ['ov1'] })
    // The clear: the override is gone from the screen the socket keeps too.
    socket.push({ type: 'playlist', serverTime: T0 + 2_000, screen: 'same', overrides: [], schedule: schedule() })
    state = session.getState()
    expect(state.playlist?.screen).toMatchObject({ name: 'TV Balcão', overrides: [] })
    expect(socket.frames().at(-1)).toEqual({ type: 'ack', hash: 'h1' })
  })

  it('starts over on a new socket when "same" names nothing it received on this one', async () => {
    const { session, last, sockets } = await paired()
    const first = last()
    first.push({ type: 'playlist', serverTime: T0, screen: 'same', schedule: schedule() })
    expect(session.getState().playlist).toBeNull()
    expect(sockets).toHaveLength(2)
    // A kept screen of an earlier socket is not what "same" means on a new one.
    last().open()
    last().push({ type: 'playlist', serverTime: T0, screen: SCREEN, schedule: schedule() })
    last().push({ type: 'unpaired', device: 'K7M3QX' })
    last().push({ type: 'playlist', serverTime: T0, screen: 'same', schedule: schedule() })
    expect(session.getState().playlist).toBeNull()
    expect(sockets).toHaveLength(3)
  })

  it('forgets the playlist when the TV is removed (unpaired)', async () => {
    const { session, last, store } = await paired()
    last().push({ type: 'playlist', serverTime: T0, screen: SCREEN, schedule: schedule() })
    last().push({ type: 'unpaired', device: 'K7M3QX' })
    expect(session.getState()).toMatchObject({ paired: false, playlist: null })
    expect(store.getItem('vitrine.player.playlist')).toBeNull()
  })

  it('ignores frames it does not understand', async () => {
    const { session, last } = await paired()
    last().onmessage?.({ data: 'not json' } as MessageEvent)
    last().push({ type: 'surprise' })
    last().push({ type: 'playlist', screen: SCREEN, schedule: { entries: 'nope' } })
    expect(session.getState().playlist).toBeNull()
  })

  it('asks for the footer data every 10 minutes while the footer has weather or quotes', async () => {
    const { session, last, calls } = await paired()
    const bar = { height: 64, bgColor: '#dfdfdf', color: '#000000', fSize: 22, fWeight: 700, weather: { fontSize: 35 } }
    last().push({ type: 'playlist', serverTime: T0, screen: SCREEN, schedule: schedule({ bottomBar: bar }) })
    await settle()
    const footerCalls = () => calls.filter((c) => c.url === FOOTER)
    expect(footerCalls()).toHaveLength(1)
    expect(footerCalls()[0].headers.Authorization).toBe('Bearer tok-1')
    expect(session.getState().footer?.weather?.temperature).toBe(25)
    await vi.advanceTimersByTimeAsync(FOOTER_EVERY_MS)
    expect(footerCalls()).toHaveLength(2)
    // A footer with only the clock needs no data.
    last().push({ type: 'playlist', serverTime: T0, screen: SCREEN, schedule: schedule({ hash: 'h2', bottomBar: { ...bar, weather: undefined, clock: { color: '#000000', fSize: 40 } } }) })
    await vi.advanceTimersByTimeAsync(FOOTER_EVERY_MS * 2)
    expect(footerCalls()).toHaveLength(2)
    expect(session.getState().footer).toBeNull()
  })
})

describe('offline', () => {
  function storeWithPlaylist() {
    const store = new MemoryStore()
    store.setItem('vitrine.player.token', 'tok-1')
    store.setItem('vitrine.player.device', 'K7M3QX')
    store.setItem('vitrine.player.playlist', JSON.stringify({ screen: SCREEN, schedule: schedule(), serverOffset: 2_000, changedAt: T0 - 3_600_000 }))
    return store
  }

  it('plays the kept playlist from the first instant when the server is unreachable', async () => {
    const { fetch, calls } = fakeFetch({ [HELLO]: 'network-error' })
    const { session, media } = makeSession({ fetch, store: storeWithPlaylist() })
    session.start()
    const state = session.getState()
    expect(state.paired).toBe(true)
    expect(state.playlist?.schedule?.id).toBe('sch-1')
    expect(session.now()).toBe(T0 + 2_000)
    expect(media.synced).toHaveLength(1)
    await settle()
    expect(session.getState()).toMatchObject({ connection: 'offline', playlist: { schedule: { hash: 'h1' } } })
    // It keeps trying, within the backoff's bounds (first wait 0.5–1 s, then 1–2 s).
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(750)
    expect(calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1_500)
    expect(calls).toHaveLength(3)
  })

  it('drops the kept playlist when the server no longer knows the box (a new token)', async () => {
    const { fetch } = fakeFetch({ [HELLO]: { status: 200, body: { device: 'NEW777', token: 'tok-2', paired: false } } })
    const { session, store } = makeSession({ fetch, store: storeWithPlaylist() })
    session.start()
    await settle()
    expect(session.getState()).toMatchObject({ device: 'NEW777', paired: false, playlist: null })
    expect(store.getItem('vitrine.player.token')).toBe('tok-2')
    expect(store.getItem('vitrine.player.playlist')).toBeNull()
  })

  it('retries at once when the network comes back', async () => {
    let up = false
    const { fetch, calls } = fakeFetch({ [HELLO]: () => (up ? pairedHello : 'network-error') })
    const { session, sockets } = makeSession({ fetch, random: () => 0.99 })
    session.start()
    await settle()
    up = true
    session.nudge()
    await settle()
    expect(calls).toHaveLength(2)
    expect(sockets).toHaveLength(1)
  })
})

describe('close codes', () => {
  async function online() {
    const { fetch, calls } = fakeFetch({ [HELLO]: pairedHello })
    const s = makeSession({ fetch })
    s.session.start()
    await settle()
    s.last().open()
    s.last().push({ type: 'playlist', serverTime: T0, screen: SCREEN, schedule: schedule() })
    return { ...s, calls }
  }

  it.each([1006, 1009, 4400, 4408])('%i: reconnects after a backoff with jitter', async (code) => {
    const { sockets, last } = await online()
    last().drop(code)
    await vi.advanceTimersByTimeAsync(499)
    expect(sockets).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(501)
    expect(sockets).toHaveLength(2)
  })

  it('1012: reconnects at once', async () => {
    const { sockets, last, session } = await online()
    last().drop(1012)
    expect(session.getState().connection).toBe('offline')
    await vi.advanceTimersByTimeAsync(0)
    expect(sockets).toHaveLength(2)
  })

  it('1012: a server that stays away a while is tried every second, not ever later, for RESTART_GRACE_MS', async () => {
    const { sockets, last } = await online()
    last().drop(1012)
    await vi.advanceTimersByTimeAsync(0)
    expect(sockets).toHaveLength(2)
    // The restarting server refuses for 10 s: each failure waits one first step (at most 1 s).
    for (let i = 3; i <= 12; i++) {
      last().drop(1006)
      await vi.advanceTimersByTimeAsync(1_000)
      expect(sockets).toHaveLength(i)
    }
    // Past the grace (10 s more), failures climb the backoff again: 0.75 s, then 1.5 s.
    await vi.advanceTimersByTimeAsync(RESTART_GRACE_MS - 10_000)
    last().drop(1006)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(sockets).toHaveLength(13)
    last().drop(1006)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(sockets).toHaveLength(13)
    await vi.advanceTimersByTimeAsync(500)
    expect(sockets).toHaveLength(14)
  })

  it('4401: says hello again, then reconnects', async () => {
    const { sockets, last, calls } = await online()
    last().drop(4401)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(calls.filter((c) => c.url === HELLO)).toHaveLength(2)
    expect(sockets).toHaveLength(2)
  })

  it('4409: never reconnects, and keeps playing', async () => {
    const { sockets, last, session } = await online()
    last().drop(4409)
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    session.nudge()
    await settle()
    expect(sockets).toHaveLength(1)
    expect(session.getState()).toMatchObject({ connection: 'replaced', playlist: { schedule: { hash: 'h1' } } })
  })

  it('backs off exponentially up to about 30 s, and starts over after a good frame', async () => {
    const { sockets, last } = await online()
    const waits: number[] = []
    for (let i = 0; i < 8; i++) {
      const before = sockets.length
      last().drop(1006)
      let waited = 0
      while (sockets.length === before) {
        await vi.advanceTimersByTimeAsync(100)
        waited += 100
      }
      waits.push(waited)
    }
    // random() = 0.5: three quarters of each step (1, 2, 4, 8, 16, 30, 30, 30 s).
    expect(waits).toEqual([800, 1500, 3000, 6000, 12000, 22500, 22500, 22500])
    last().open()
    last().push({ type: 'unpaired', device: 'K7M3QX' })
    last().drop(1006)
    await vi.advanceTimersByTimeAsync(800)
    expect(sockets).toHaveLength(10)
  })

  it('gives up a socket that does not open in time', async () => {
    const { fetch } = fakeFetch({ [HELLO]: pairedHello })
    const { session, sockets } = makeSession({ fetch })
    session.start()
    await settle()
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS)
    expect(sockets[0].closedBy).toBe(1000)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(sockets).toHaveLength(2)
  })

  it('drops a link whose acks no longer leave', async () => {
    const { sockets, last } = await online()
    last().bufferedAmount = 60
    await vi.advanceTimersByTimeAsync(ACK_EVERY_MS)
    expect(sockets[0].closedBy).toBe(1000)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(sockets).toHaveLength(2)
  })
})

describe('commands', () => {
  async function online(extra: Record<string, (call: Call) => { status: number; body?: unknown }> = {}) {
    const { fetch, calls } = fakeFetch({ [HELLO]: pairedHello, [COMMAND]: { status: 200, body: { ok: true } }, ...extra })
    const s = makeSession({ fetch })
    s.session.start()
    await settle()
    s.last().open()
    s.last().push({ type: 'playlist', serverTime: T0, screen: SCREEN, schedule: schedule() })
    const answers = () => calls.filter((c) => c.url.startsWith(COMMAND))
    const command = async (operation: string, id = 'job-1') => {
      s.last().push({ type: 'command', id, operation })
      await settle()
      return answers().at(-1)!
    }
    return { ...s, calls, answers, command }
  }

  it('identifyVersion: answers the version', async () => {
    const { command } = await online()
    const answer = await command('identifyVersion', 'job-7')
    expect(answer).toMatchObject({ url: `${COMMAND}job-7`, method: 'POST', body: { ok: true, text: '1.2.3' } })
    expect(answer.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'Content-Type': 'application/json' })
  })

  it('restartDevice: answers first, then reloads', async () => {
    const { command, host, answers } = await online()
    let answeredBeforeReload = false
    host.reload = vi.fn(() => {
      answeredBeforeReload = answers().length === 1
    })
    const answer = await command('restartDevice')
    expect(answer.body).toEqual({ ok: true })
    expect(host.reload).toHaveBeenCalledTimes(1)
    expect(answeredBeforeReload).toBe(true)
  })

  it('identifyDevice: shows the name and code for 10 s', async () => {
    const { command, session } = await online()
    expect((await command('identifyDevice')).body).toEqual({ ok: true })
    expect(session.getState().identify).toEqual({ name: 'TV Vitrine da Entrada', device: 'K7M3QX' })
    await vi.advanceTimersByTimeAsync(IDENTIFY_MS)
    expect(session.getState().identify).toBeNull()
  })

  it('clearSchedule: forgets the playlist and reconnects for a fresh one', async () => {
    const { command, session, store, sockets } = await online()
    expect((await command('clearSchedule')).body).toEqual({ ok: true })
    expect(session.getState().playlist).toBeNull()
    expect(store.getItem('vitrine.player.playlist')).toBeNull()
    expect(sockets).toHaveLength(2)
    expect(sockets[0].closedBy).toBe(1000)
  })

  it('clearDb: forgets what was kept but stays paired', async () => {
    const { command, store, session } = await online()
    store.setItem('vitrine.player.something', 'x')
    store.setItem('another.app', 'kept')
    expect((await command('clearDb')).body).toEqual({ ok: true })
    expect(session.getState().playlist).toBeNull()
    expect([...store.map.keys()].sort()).toEqual(['another.app', 'vitrine.player.device', 'vitrine.player.token'])
  })

  it('clearMedia: empties the cache, then keeps the playlist files again', async () => {
    const { command, media } = await online()
    const before = media.synced.length
    expect((await command('clearMedia')).body).toEqual({ ok: true })
    expect(media.cleared).toBe(1)
    expect(media.synced).toHaveLength(before + 1)
  })

  it('screenshot and recordVideo: upload the file itself', async () => {
    const { command, host } = await online()
    const still = await command('screenshot')
    expect(still.headers['Content-Type']).toBe('image/jpeg')
    expect(still.body).toBeInstanceOf(Blob)
    host.captureClip = vi.fn(async () => new Blob(['webm'], { type: 'video/webm;codecs=vp8' }))
    const clip = await command('recordVideo')
    expect(clip.headers['Content-Type']).toBe('video/webm')
  })

  it('a capture the box cannot make is answered as a failure', async () => {
    const { command, host } = await online()
    host.captureClip = vi.fn(async () => {
      throw new Error('Gravação de vídeo não suportada neste aparelho.')
    })
    expect((await command('recordVideo')).body).toEqual({ ok: false, error: 'Gravação de vídeo não suportada neste aparelho.' })
  })

  it('an unknown operation is refused', async () => {
    const { command } = await online()
    expect((await command('formatDisk')).body).toEqual({ ok: false, error: 'Comando desconhecido: formatDisk.' })
  })

  it('sends the answer again when the network failed, not when the server refused it', async () => {
    let failures = 1
    const { command, answers } = await online({
      [COMMAND]: () => (failures-- > 0 ? { status: 503 } : { status: 200, body: { ok: true } }),
    })
    await command('identifyVersion')
    await vi.advanceTimersByTimeAsync(2_000)
    expect(answers()).toHaveLength(2)
    const refused = await online({ [COMMAND]: () => ({ status: 409 }) })
    await refused.command('identifyVersion')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(refused.answers()).toHaveLength(1)
  })
})

describe('proof of play', () => {
  const PLAYS = '/api/device/plays'
  const play = (id: string) => ({ id, advertisementId: 'ad-a', mediaId: 'a1', startedAt: T0, duration: 15_000 })

  it('sends the first plays soon, then in batches; keeps them until the server takes them', async () => {
    let down = true
    const { fetch, calls } = fakeFetch({
      [HELLO]: pairedHello,
      [PLAYS]: () => (down ? 'network-error' : { status: 200, body: { stored: 1, duplicates: 0, ignored: 0 } }),
    })
    const store = new MemoryStore()
    const { session } = makeSession({ fetch, store })
    session.start()
    session.recordPlay(play('p1'))
    expect(JSON.parse(store.getItem('vitrine.player.plays') ?? '[]')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(PLAYS_FIRST_MS)
    const sent = () => calls.filter((c) => c.url === PLAYS)
    expect(sent()).toHaveLength(1)
    expect(sent()[0]).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer tok-1' }, body: { plays: [play('p1')] } })

    // Offline: kept, and tried again later with what was played meanwhile.
    session.recordPlay(play('p2'))
    await vi.advanceTimersByTimeAsync(PLAYS_RETRY_MS)
    expect(sent()).toHaveLength(2)
    down = false
    await vi.advanceTimersByTimeAsync(PLAYS_RETRY_MS)
    expect(sent()).toHaveLength(3)
    expect(sent()[2].body).toEqual({ plays: [play('p1'), play('p2')] })
    expect(store.getItem('vitrine.player.plays')).toBeNull()

    // Once sent, the next ones wait for the batch interval.
    session.recordPlay(play('p3'))
    await vi.advanceTimersByTimeAsync(PLAYS_FIRST_MS)
    expect(sent()).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(PLAYS_EVERY_MS)
    expect(sent()).toHaveLength(4)
    session.stop()
  })

  it('sends the plays kept by a box that restarted offline, and keeps them through clearDb', async () => {
    const store = new MemoryStore()
    store.setItem('vitrine.player.token', 'tok-1')
    store.setItem('vitrine.player.plays', JSON.stringify([play('old')]))
    const { fetch, calls } = fakeFetch({ [HELLO]: pairedHello, [PLAYS]: { status: 503 } })
    const { session } = makeSession({ fetch, store })
    session.start()
    await vi.advanceTimersByTimeAsync(PLAYS_FIRST_MS)
    expect(calls.filter((c) => c.url === PLAYS)).toHaveLength(1)
    expect(JSON.parse(store.getItem('vitrine.player.plays') ?? '[]')).toEqual([play('old')])
    new PlayerStorage(store).forgetAllButIdentity()
    expect(JSON.parse(store.getItem('vitrine.player.plays') ?? '[]')).toEqual([play('old')])
    session.stop()
  })
})
