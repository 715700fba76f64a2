// The player's conversation with the server (docs/device-protocol.md) and
// the state the screen draws: hello and pairing, the socket with its auth
// frame, playlists, acks, close codes and reconnection, remote commands and
// the footer's data. No React here: the screen subscribes to the state.
//
//   start ─► hello ─► socket ─► auth ─► unpaired | playlist ─► ack (now, then every 30 s)
//              ▲        ▲                       │
//              │        └── closed: backoff (1012: at once, then short; 4409: never) ◄─┘
//              └── 4401: hello again
//
// The box plays its last playlist from storage from the first instant, and
// keeps playing it whatever happens to the network.
import type { AdPlay } from './ads'
import { backoffDelay } from './backoff'
import { answerRequest, runCommand, type CommandAnswer } from './commands'
import { buildReport, healthChanged, onPlaybackError } from './health'
import type { MediaFiles } from './media-cache'
import { mediaUrls } from './playlist'
import { CLOSE, parseFrame, type BottomBar, type CommandFrame, type FooterData, type HelloAnswer, type HealthReport, type PlaybackError, type PlayerFrame, type PlaylistFrame, type Screen } from './protocol'
import type { PlayerStorage, StoredPlaylist } from './storage'

/** How often the player acks on an open socket (the server drops one silent for 90 s). */
export const ACK_EVERY_MS = 30_000
/** A socket not open after this long is given up and tried again. */
export const CONNECT_TIMEOUT_MS = 15_000
/**
 * After a 1012 (the server restarting) failed attempts are retried every
 * backoffDelay(0) for this long instead of waiting longer each time: a
 * restarting server is back within seconds, and a box that climbed the
 * backoff meanwhile would come back many seconds after it.
 */
export const RESTART_GRACE_MS = 20_000
/** A reload to take the server's build of the page is not tried again for the same build before this. */
export const RELOAD_AGAIN_MS = 10 * 60_000
/** How often the footer's weather and quotes are asked for (the server caches them as long). */
export const FOOTER_EVERY_MS = 10 * 60_000
/** How soon a failed footer request is tried again. */
export const FOOTER_RETRY_MS = 60_000
/** How long identifyDevice shows the TV's name and code. */
export const IDENTIFY_MS = 10_000
/** How many times an answer to a command is sent before giving up (the job times out after a minute). */
export const ANSWER_TRIES = 3
/** Plays of advertisements are sent together, at most once in this long (10,000 boxes, one server). */
export const PLAYS_EVERY_MS = 2 * 60_000
/** The first plays after the box starts go sooner, so a new advertisement shows as played at once. */
export const PLAYS_FIRST_MS = 10_000
/** How soon plays the server did not take are sent again. */
export const PLAYS_RETRY_MS = 60_000
/** Plays per request (the server takes up to 1,000). */
export const PLAYS_BATCH = 500
/** Plays kept while the server cannot be reached; beyond it the oldest go. */
export const PLAYS_KEPT = 2_000

export type Connection =
  /** Not connected; trying again. */
  | 'offline'
  /** Saying hello or opening the socket. */
  | 'connecting'
  /** The socket is open and authenticated. */
  | 'online'
  /** Another connection with this box's token took over (4409): the player stays off the server. */
  | 'replaced'

export interface PlayerState {
  /** The code to show; '' until the server gave one. */
  device: string
  /** Whether a TV is registered with the code; null while not known. */
  paired: boolean | null
  playlist: StoredPlaylist | null
  /** The footer's weather and quotes; null until fetched (widgets without data are hidden). */
  footer: FooterData | null
  connection: Connection
  /** identifyDevice: the name and code shown on top of everything, while set. */
  identify: { name: string; device: string } | null
}

/** What the session needs of the page, given by main.tsx (and by fakes in tests). */
export interface SessionHost {
  reload(): void
  captureStill(): Promise<Blob>
  captureClip(ms: number): Promise<Blob>
}

/** The parts of a WebSocket the session uses. */
export interface SocketLike {
  readonly readyState: number
  readonly bufferedAmount: number
  onopen: ((event: Event) => void) | null
  onmessage: ((event: MessageEvent) => void) | null
  onclose: ((event: CloseEvent) => void) | null
  onerror: ((event: Event) => void) | null
  send(data: string): void
  close(code?: number, reason?: string): void
}

export interface SessionOptions {
  version: string
  /** The page's build: the module script it loads (/assets/player-<hash>.js); absent where there is none (tests, a dev server). */
  build?: string
  storage: PlayerStorage
  media: MediaFiles
  host: SessionHost
  fetch: typeof fetch
  openSocket: (url: string) => SocketLike
  /** The page's location: the socket goes to the same origin, ws: or wss: like the page. */
  location: { protocol: string; host: string }
  random?: () => number
  /** What the health report reads of the browser; without it no report is sent. */
  env?: HealthEnv
}

/** The browser as the health report sees it (main.tsx gives the real one). */
export interface HealthEnv {
  userAgent: string
  screen(): { width: number; height: number }
  estimate(): Promise<{ usage?: number; quota?: number } | null>
}

const OPEN = 1
const CONNECTING = 0

export class PlayerSession {
  private state: PlayerState
  private readonly listeners = new Set<() => void>()
  private readonly options: SessionOptions
  private token: string
  private socket: SocketLike | null = null
  /** The screen of the last whole playlist received on the socket: what a playlist with "screen": "same" shows. */
  private socketScreen: Screen | null = null
  /** Retries since the last frame that proved the connection good. */
  private attempt = 0
  /** Until when (box clock) failed attempts retry at the first step: a 1012 was heard. */
  private restartGraceUntil = 0
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private retry: (() => void) | null = null
  private ackTimer: ReturnType<typeof setInterval> | undefined
  private connectTimer: ReturnType<typeof setTimeout> | undefined
  private footerTimer: ReturnType<typeof setTimeout> | undefined
  private footerKey = ''
  private identifyTimer: ReturnType<typeof setTimeout> | undefined
  private playsTimer: ReturnType<typeof setTimeout> | undefined
  private plays: AdPlay[]
  private playsSent = false
  private stopped = false
  /** Health: when the player started (box clock), the latest report, the one last sent, the last playback error. */
  private readonly startedAt = Date.now()
  private health: HealthReport | null = null
  private sentHealth: HealthReport | null = null
  private lastError: PlaybackError | null = null
  private unfollowErrors: (() => void) | null = null
  private healthRun: Promise<void> = Promise.resolve()

  constructor(options: SessionOptions) {
    this.options = options
    this.token = options.storage.token()
    this.plays = options.storage.plays()
    const playlist = options.storage.playlist()
    this.state = {
      device: options.storage.device(),
      // A kept playlist means the box was paired when it last heard from the server.
      paired: playlist ? true : null,
      playlist,
      footer: null,
      connection: 'connecting',
      identify: null,
    }
  }

  // ---- state for the screen ----

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  readonly getState = () => this.state

  /** Server time, epoch ms: the box's clock corrected by the last playlist's serverTime. */
  readonly now = () => Date.now() + (this.state.playlist?.serverOffset ?? 0)

  private update(patch: Partial<PlayerState>) {
    this.state = { ...this.state, ...patch }
    this.listeners.forEach((listener) => listener())
  }

  // ---- life cycle ----

  /** Starts: plays what was kept (the screen does), says hello, connects. */
  start() {
    const playlist = this.state.playlist
    if (playlist) {
      void this.options.media.sync(mediaUrls(playlist.schedule, playlist.screen.ads, playlist.screen.overrides, playlist.screen.local)).then(() => this.refreshHealth())
      this.followFooter(playlist.schedule?.bottomBar ?? null)
    }
    if (this.plays.length > 0) this.planPlays(PLAYS_FIRST_MS)
    this.unfollowErrors = onPlaybackError((media, message) => this.playbackError(media, message))
    void this.refreshHealth()
    void this.hello()
  }

  /** Stops every timer and the socket (tests; a page being unloaded). */
  stop() {
    this.stopped = true
    this.clearRetry()
    this.closeSocket()
    clearTimeout(this.footerTimer)
    clearTimeout(this.identifyTimer)
    clearTimeout(this.playsTimer)
    this.unfollowErrors?.()
  }

  /** The network is back ('online' event): a pending retry happens now instead of after its wait. */
  nudge() {
    const retry = this.retry
    if (!retry) return
    this.clearRetry()
    retry()
  }

  private clearRetry() {
    clearTimeout(this.retryTimer)
    this.retry = null
  }

  private schedule(delay: number, action: () => void) {
    this.clearRetry()
    this.retry = action
    this.retryTimer = setTimeout(() => {
      this.retry = null
      action()
    }, delay)
  }

  private backoff(action: () => void) {
    if (Date.now() < this.restartGraceUntil) {
      this.schedule(backoffDelay(0, this.options.random), action)
      return
    }
    const delay = backoffDelay(this.attempt, this.options.random)
    this.attempt++
    this.schedule(delay, action)
  }

  // ---- hello ----

  private async hello() {
    if (this.stopped) return
    this.update({ connection: this.state.connection === 'online' ? 'online' : 'connecting' })
    let answer: HelloAnswer
    try {
      const body: { version: string; token?: string } = { version: this.options.version }
      if (this.token) body.token = this.token
      const response = await this.options.fetch('/api/device/hello', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
      if (!response.ok) throw new Error(`hello: ${response.status}`)
      answer = (await response.json()) as HelloAnswer
      if (typeof answer.token !== 'string' || !answer.token || typeof answer.device !== 'string') throw new Error('hello: resposta inválida')
    } catch {
      if (this.stopped) return
      this.update({ connection: 'offline' })
      this.backoff(() => void this.hello())
      return
    }
    if (this.stopped) return
    const newIdentity = answer.token !== this.token
    this.token = answer.token
    this.options.storage.setIdentity(answer.token, answer.device)
    if (!answer.paired || newIdentity) {
      // A new token means the server no longer knows this box: what it played belonged to a TV that is gone.
      this.dropPlaylist()
    }
    this.update({ device: answer.device, paired: answer.paired })
    this.connect()
  }

  // ---- the socket ----

  private socketUrl() {
    const { protocol, host } = this.options.location
    return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/device/ws`
  }

  private connect() {
    if (this.stopped) return
    this.closeSocket()
    this.update({ connection: this.state.connection === 'online' ? 'online' : 'connecting' })
    let socket: SocketLike
    try {
      socket = this.options.openSocket(this.socketUrl())
    } catch {
      this.update({ connection: 'offline' })
      this.backoff(() => this.connect())
      return
    }
    this.socket = socket
    socket.onopen = () => {
      if (socket !== this.socket) return
      clearTimeout(this.connectTimer)
      this.send({ type: 'auth', token: this.token })
      this.ackTimer = setInterval(() => this.keepAlive(), ACK_EVERY_MS)
    }
    socket.onmessage = (event) => {
      if (socket === this.socket) this.receive(event.data)
    }
    socket.onclose = (event) => {
      if (socket === this.socket) this.closed(event.code)
    }
    socket.onerror = () => {
      // A close event follows; it decides what happens next.
    }
    this.connectTimer = setTimeout(() => {
      if (socket === this.socket && socket.readyState === CONNECTING) this.closed(1006)
    }, CONNECT_TIMEOUT_MS)
  }

  /** Drops the current socket without reacting to its close. */
  private closeSocket() {
    this.socketScreen = null
    clearInterval(this.ackTimer)
    clearTimeout(this.connectTimer)
    const socket = this.socket
    this.socket = null
    if (!socket) return
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null
    try {
      socket.close(1000)
    } catch {
      // Already closed.
    }
  }

  private send(frame: PlayerFrame) {
    const socket = this.socket
    if (!socket || socket.readyState !== OPEN) return
    try {
      socket.send(JSON.stringify(frame))
    } catch {
      // The close event follows.
    }
  }

  /** Acks the playlist on screen, naming the emergency overrides it carries (the console counts the TVs that have each). */
  private ack() {
    const overrides = (this.state.playlist?.screen.overrides ?? []).map((o) => o.id).slice(0, 16)
    const frame: PlayerFrame = { type: 'ack', hash: this.state.playlist?.schedule?.hash ?? '' }
    if (overrides.length > 0) frame.overrides = overrides
    if (this.health) {
      frame.health = { ...this.health, uptime: Math.max(0, Math.round((Date.now() - this.startedAt) / 1000)) }
      this.sentHealth = this.health
    }
    this.send(frame)
  }

  // ---- health ----

  /** A media failed to play: kept as the last error (on the server's clock) and reported at once. */
  playbackError(media: string, message: string) {
    this.lastError = { media, message: message || 'Falha ao reproduzir', at: this.now() }
    void this.refreshHealth()
  }

  /** The report now; sent at once (with an ack) when it changed in what the console shows. */
  refreshHealth(): Promise<void> {
    this.healthRun = this.healthRun.then(() => this.buildHealth()).catch(() => undefined)
    return this.healthRun
  }

  private async buildHealth() {
    const env = this.options.env
    if (!env || this.stopped) return
    const playlist = this.state.playlist
    const urls = playlist ? mediaUrls(playlist.schedule, playlist.screen.ads, playlist.screen.overrides, playlist.screen.local) : []
    const [storage, files] = await Promise.all([
      env.estimate().catch(() => null),
      this.options.media.status ? this.options.media.status(urls).catch(() => ({ cached: 0, all: false })) : Promise.resolve({ cached: 0, all: false }),
    ])
    const report = buildReport({
      version: this.options.version,
      userAgent: env.userAgent,
      screen: env.screen(),
      startedAt: this.startedAt,
      now: Date.now(),
      storage,
      cached: files.cached,
      allCached: files.all,
      serverOffset: playlist?.serverOffset ?? 0,
      lastError: this.lastError,
    })
    this.health = report
    if (healthChanged(this.sentHealth, report) && this.state.connection === 'online') this.ack()
  }

  private keepAlive() {
    // The last ack still unsent after 30 s: the link is dead though no close came (a half-open TCP connection).
    if (this.socket && this.socket.bufferedAmount > 0) {
      this.closed(1006)
      return
    }
    this.ack()
    void this.refreshHealth()
  }

  private closed(code: number) {
    this.closeSocket()
    if (this.stopped) return
    if (code === CLOSE.replaced) {
      // Another box (or tab) with this token took over: stay off, keep playing what is here.
      this.clearRetry()
      this.update({ connection: 'replaced' })
      return
    }
    this.update({ connection: 'offline' })
    if (code === CLOSE.unauthorized) {
      this.backoff(() => void this.hello())
    } else if (code === CLOSE.restarting) {
      // Another replica answers at once; a lone server is back within
      // seconds: failures meanwhile retry at the first step (RESTART_GRACE_MS).
      this.restartGraceUntil = Date.now() + RESTART_GRACE_MS
      this.schedule(0, () => this.connect())
    } else {
      this.backoff(() => this.connect())
    }
  }

  private receive(data: unknown) {
    const frame = parseFrame(data)
    if (!frame) return
    switch (frame.type) {
      case 'build':
        this.followBuild(frame.player)
        break
      case 'unpaired':
        this.attempt = 0
        this.socketScreen = null
        this.options.storage.setDevice(frame.device)
        this.dropPlaylist()
        this.update({ device: frame.device, paired: false, connection: 'online' })
        break
      case 'playlist':
        this.attempt = 0
        this.apply(frame)
        break
      case 'command':
        void this.command(frame)
        break
    }
  }

  /**
   * The server serves another build of this page (it was upgraded, or rolled back, while the page
   * stayed open): the page reloads to take it. Once per build in RELOAD_AGAIN_MS — a reload that
   * got the kept page again (the network too slow for the service worker) waits for a later socket.
   */
  private followBuild(build: string) {
    const own = this.options.build
    if (!own || !build || build === own) return
    const now = Date.now()
    const last = this.options.storage.reloadedFor()
    if (last && last.build === build && now - last.at >= 0 && now - last.at < RELOAD_AGAIN_MS) return
    this.options.storage.setReloadedFor(build, now)
    // A box that cannot keep what it tried (storage disabled or full) does not reload: it could loop.
    if (this.options.storage.reloadedFor()?.build !== build) return
    this.options.host.reload()
  }

  // ---- playlists ----

  private apply(frame: PlaylistFrame) {
    // "same": the screen of the last playlist of this socket, which the server does not send again.
    const part = frame.screen === 'same' ? this.socketScreen : frame.screen
    if (!part) {
      // Nothing to keep (never on a socket the server follows): start over on a new one, which opens with the whole screen.
      this.connect()
      return
    }
    this.socketScreen = part
    // The overrides come beside the screen, in every playlist.
    const screen: Screen = { ...part, overrides: frame.overrides ?? part.overrides ?? [] }
    const receivedAt = Date.now()
    const serverOffset = typeof frame.serverTime === 'number' && Number.isFinite(frame.serverTime) ? frame.serverTime - receivedAt : 0
    const schedule = frame.schedule
    const previous = this.state.playlist
    const same = previous !== null && (previous.schedule?.id ?? '') === (schedule?.id ?? '') && (previous.schedule?.hash ?? '') === (schedule?.hash ?? '')
    // The loop restarts when what plays changes (the hash says so), not on every push or reconnection.
    const changedAt = typeof schedule?.updatedAt === 'number' ? schedule.updatedAt : same ? previous.changedAt : receivedAt + serverOffset
    const playlist: StoredPlaylist = { screen, schedule, serverOffset, changedAt }
    this.options.storage.savePlaylist(playlist)
    if (screen.device) this.options.storage.setDevice(screen.device)
    this.update({ playlist, paired: true, device: screen.device || this.state.device, connection: 'online' })
    this.ack()
    void this.refreshHealth()
    void this.options.media.sync(mediaUrls(schedule, screen.ads, screen.overrides, screen.local)).then(() => this.refreshHealth())
    this.followFooter(schedule?.bottomBar ?? null)
  }

  /** Forgets the playlist, shown and kept. */
  private dropPlaylist() {
    this.options.storage.forgetPlaylist()
    if (this.state.playlist) this.update({ playlist: null })
    this.followFooter(null)
  }

  // ---- footer data ----

  /** Asks for the footer's data now and every 10 minutes while the footer has weather or quotes. */
  private followFooter(bar: BottomBar | null) {
    const coins = bar?.quote?.coins.map((coin) => coin.asset).join(',') ?? ''
    const key = bar && (bar.weather || coins) ? `${bar.weather ? 'weather' : ''}|${coins}` : ''
    if (key === this.footerKey) return
    this.footerKey = key
    clearTimeout(this.footerTimer)
    if (!key) {
      if (this.state.footer) this.update({ footer: null })
      return
    }
    void this.fetchFooter(key)
  }

  private async fetchFooter(key: string) {
    let next = FOOTER_EVERY_MS
    try {
      const response = await this.options.fetch('/api/device/footer', { headers: { Authorization: `Bearer ${this.token}` } })
      if (!response.ok) throw new Error(`footer: ${response.status}`)
      const footer = (await response.json()) as FooterData
      if (key === this.footerKey) this.update({ footer })
    } catch {
      // Offline: the last data stays on screen; asked again soon.
      next = FOOTER_RETRY_MS
    }
    if (key !== this.footerKey || this.stopped) return
    this.footerTimer = setTimeout(() => void this.fetchFooter(key), next)
  }

  // ---- proof of play ----

  /** Keeps an advertisement's play (in storage, so a restart offline loses none) until the server takes it. */
  readonly recordPlay = (play: AdPlay) => {
    if (this.stopped) return
    this.plays.push(play)
    if (this.plays.length > PLAYS_KEPT) this.plays.splice(0, this.plays.length - PLAYS_KEPT)
    this.options.storage.savePlays(this.plays)
    this.planPlays(this.playsSent ? PLAYS_EVERY_MS : PLAYS_FIRST_MS)
  }

  private planPlays(delay: number) {
    if (this.playsTimer !== undefined || this.stopped) return
    this.playsTimer = setTimeout(() => {
      this.playsTimer = undefined
      void this.sendPlays()
    }, delay)
  }

  private async sendPlays() {
    const batch = this.plays.slice(0, PLAYS_BATCH)
    if (batch.length === 0 || this.stopped) return
    let taken = false
    try {
      const response = await this.options.fetch('/api/device/plays', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${this.token}` },
        body: JSON.stringify({ plays: batch }),
      })
      // Taken, or refused for good (a malformed batch would be refused forever): either way they go.
      // 401 (the box must say hello again), 429 and 5xx: kept and sent again.
      taken = response.ok || (response.status >= 400 && response.status < 500 && response.status !== 401 && response.status !== 408 && response.status !== 429)
    } catch {
      // Offline: kept.
    }
    if (this.stopped) return
    if (taken) {
      this.playsSent = true
      const sent = new Set(batch.map((play) => play.id))
      this.plays = this.plays.filter((play) => !sent.has(play.id))
      this.options.storage.savePlays(this.plays)
    }
    if (this.plays.length > 0) this.planPlays(!taken ? PLAYS_RETRY_MS : this.plays.length >= PLAYS_BATCH ? 0 : PLAYS_EVERY_MS)
  }

  // ---- commands ----

  private async command(frame: CommandFrame) {
    const answer = await runCommand(frame.operation, {
      version: this.options.version,
      identify: () => this.identify(),
      forgetPlaylist: () => this.dropPlaylist(),
      forgetAll: () => {
        this.options.storage.forgetAllButIdentity()
        this.dropPlaylist()
      },
      clearMedia: async () => {
        await this.options.media.clear()
        // Kept again at once: the box must not stay without its offline copy.
        void this.options.media.sync(mediaUrls(this.state.playlist?.schedule ?? null, this.state.playlist?.screen.ads, this.state.playlist?.screen.overrides, this.state.playlist?.screen.local))
      },
      captureStill: () => this.options.host.captureStill(),
      captureClip: (ms) => this.options.host.captureClip(ms),
    })
    await this.answer(frame.id, answer)
    if (this.stopped) return
    if (frame.operation === 'restartDevice') {
      this.options.host.reload()
    } else if ((frame.operation === 'clearSchedule' || frame.operation === 'clearDb') && 'ok' in answer && answer.ok) {
      // Reconnecting brings the TV's playlist again, fresh.
      this.attempt = 0
      this.connect()
    }
  }

  private async answer(id: string, answer: CommandAnswer) {
    for (let i = 0; i < ANSWER_TRIES; i++) {
      try {
        const response = await this.options.fetch(`/api/device/command/${encodeURIComponent(id)}`, answerRequest(answer, this.token))
        // 4xx: the job is gone or answered (timed out, say); sending again will not help.
        if (response.ok || (response.status >= 400 && response.status < 500)) return
      } catch {
        // Offline for a moment: try again.
      }
      await new Promise((resolve) => setTimeout(resolve, 2_000 * (i + 1)))
    }
  }

  private identify() {
    clearTimeout(this.identifyTimer)
    this.update({ identify: { name: this.state.playlist?.screen.name ?? '', device: this.state.device } })
    this.identifyTimer = setTimeout(() => this.update({ identify: null }), IDENTIFY_MS)
  }
}
