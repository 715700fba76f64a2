// What a box remembers across restarts, in localStorage: its device token
// and code (so it stays paired) and the last playlist it received (so it
// plays at once, even when it starts without a network). Storage that is
// missing, full or throwing only makes the player forgetful, never broken.
import type { AdPlay } from './ads'
import type { PlayerSchedule, Screen } from './protocol'

const PREFIX = 'vitrine.player.'
const TOKEN = PREFIX + 'token'
const DEVICE = PREFIX + 'device'
const PLAYLIST = PREFIX + 'playlist'
const PLAYS = PREFIX + 'plays'
const RELOADED = PREFIX + 'reloadedFor'

/** A playlist as the player applied it. */
export interface StoredPlaylist {
  screen: Screen
  schedule: PlayerSchedule | null
  /** serverTime − the box's clock when the playlist arrived, in ms: added to the box's clock. */
  serverOffset: number
  /** Epoch ms (server time) when this schedule last changed, as the player knows it: the loop restarts there. */
  changedAt: number
}

/** The parts of the Web Storage interface used here. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

/** window.localStorage, or null where reading it throws (storage disabled). */
export function browserStorage(): KeyValueStore | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

export class PlayerStorage {
  private readonly store: KeyValueStore | null

  constructor(store: KeyValueStore | null) {
    this.store = store
  }

  private get(key: string): string | null {
    try {
      return this.store?.getItem(key) ?? null
    } catch {
      return null
    }
  }

  private set(key: string, value: string) {
    try {
      this.store?.setItem(key, value)
    } catch {
      // Full or disabled: the box keeps working and forgets it on restart.
    }
  }

  private remove(key: string) {
    try {
      this.store?.removeItem(key)
    } catch {
      // As above.
    }
  }

  token(): string {
    return this.get(TOKEN) ?? ''
  }

  device(): string {
    return this.get(DEVICE) ?? ''
  }

  setIdentity(token: string, device: string) {
    this.set(TOKEN, token)
    this.set(DEVICE, device)
  }

  setDevice(device: string) {
    this.set(DEVICE, device)
  }

  /** The last playlist, or null when none was kept or it cannot be read. */
  playlist(): StoredPlaylist | null {
    const text = this.get(PLAYLIST)
    if (!text) return null
    try {
      const value = JSON.parse(text) as StoredPlaylist
      const ok =
        typeof value === 'object' &&
        value !== null &&
        typeof value.screen === 'object' &&
        value.screen !== null &&
        typeof value.serverOffset === 'number' &&
        typeof value.changedAt === 'number' &&
        (value.schedule === null || (typeof value.schedule === 'object' && Array.isArray(value.schedule.entries)))
      return ok ? value : null
    } catch {
      return null
    }
  }

  savePlaylist(playlist: StoredPlaylist) {
    this.set(PLAYLIST, JSON.stringify(playlist))
  }

  forgetPlaylist() {
    this.remove(PLAYLIST)
  }

  /** The build the page last reloaded to take, and when (box clock, epoch ms); null when none. */
  reloadedFor(): { build: string; at: number } | null {
    const text = this.get(RELOADED)
    if (!text) return null
    try {
      const value = JSON.parse(text) as { build?: unknown; at?: unknown }
      return typeof value.build === 'string' && typeof value.at === 'number' ? { build: value.build, at: value.at } : null
    } catch {
      return null
    }
  }

  setReloadedFor(build: string, at: number) {
    this.set(RELOADED, JSON.stringify({ build, at }))
  }

  /** The advertisements' plays not yet accepted by the server, oldest first. */
  plays(): AdPlay[] {
    const text = this.get(PLAYS)
    if (!text) return []
    try {
      const value = JSON.parse(text) as unknown
      return Array.isArray(value) ? value.filter((p): p is AdPlay => typeof p === 'object' && p !== null && typeof (p as AdPlay).id === 'string') : []
    } catch {
      return []
    }
  }

  savePlays(plays: readonly AdPlay[]) {
    if (plays.length === 0) this.remove(PLAYS)
    else this.set(PLAYS, JSON.stringify(plays))
  }

  /**
   * clearDb: everything the player kept except its identity (token and
   * code), so the box stays paired, and the plays not yet sent (proof of
   * play is the advertisers', not the box's).
   */
  forgetAllButIdentity() {
    const keys: string[] = []
    try {
      for (let i = 0; i < (this.store?.length ?? 0); i++) {
        const key = this.store?.key(i)
        if (key && key.startsWith(PREFIX) && key !== TOKEN && key !== DEVICE && key !== PLAYS) keys.push(key)
      }
    } catch {
      return
    }
    keys.forEach((key) => this.remove(key))
  }
}
