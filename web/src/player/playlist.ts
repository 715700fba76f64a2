// From a playlist to what the screen shows: the entries a box can play, the
// item on screen at a moment and the media it shows, and the timeline that
// steps from item to item. Which entry plays and for how long is decided by
// lib/playback alone (spec 2 §4); this file only asks it, at the right
// moments, and looks the media up.
import { isAdSlot, isLocalSpace, nowPlaying, playbackAnchor, type PlaybackItem, type ScheduleEntry } from '../lib/playback'
import { planDay, positionAt, type AdTurns, type PlayerItem } from './ads'
import type { LocalItem, PlayerAds, PlayerLocal, PlayerMedia, PlayerSchedule } from './protocol'
import { overrideUrls, type PlayerOverride } from './override'

/** The media an entry shows: its own, or for an ad slot or a local space its fallback (no advertisement is booked in yet, the store has nothing). */
export function entryMediaId(entry: ScheduleEntry): string | null {
  if (isLocalSpace(entry)) return entry.localFallbackMediaId || null
  if (isAdSlot(entry)) return entry.adFallbackMediaId || null
  return entry.id || null
}

/**
 * The entries this box can play when no advertisement is sold: those whose
 * media is in the playlist's media map, and ad slots with a fallback. The
 * others are left out before sequencing, so the loop goes straight to the
 * next entry. ads.ts planDay makes the plan of a day with its bookings.
 */
export function playableEntries(schedule: PlayerSchedule | null): ScheduleEntry[] {
  return planDay(schedule, null, '').entries
}

/**
 * Every file the screen may show: the emergency overrides' first, then the
 * schedule's in the order its entries first need them (prefetched in that
 * order), then the store's local items' files, then the advertisements'
 * files, then the footer's logo and coin icons.
 */
export function mediaUrls(schedule: PlayerSchedule | null, ads?: PlayerAds | null, overrides?: readonly PlayerOverride[], local?: PlayerLocal | null): string[] {
  const urls: string[] = overrideUrls(overrides)
  if (!schedule) return urls
  const add = (url: string | undefined) => {
    if (url && urls.indexOf(url) < 0) urls.push(url)
  }
  for (const entry of playableEntries(schedule)) {
    const id = entryMediaId(entry)
    if (id !== null && Object.prototype.hasOwnProperty.call(schedule.media, id)) add(schedule.media[id].url)
  }
  for (const id of Object.keys(schedule.media)) add(schedule.media[id].url)
  for (const items of Object.values(local?.spaces ?? {})) {
    if (Array.isArray(items)) items.forEach((item) => add(local?.media?.[item?.mediaId]?.url))
  }
  const sold = new Set((ads?.bookings ?? []).map((b) => b.advertisementId))
  for (const id of Object.keys(ads?.ads ?? {})) {
    if (sold.has(id)) ads!.ads[id].media?.forEach((m) => add(m.url))
  }
  const bar = schedule.bottomBar
  add(bar?.logo)
  bar?.quote?.coins.forEach((coin) => add(coin.icon))
  return urls
}

/**
 * The item the screen shows at `moment` (epoch ms, server time): the one of
 * the sequence restarted at the later of local midnight and the schedule's
 * last change. An idle item (1 s) when nothing is eligible: the caller looks
 * again when it ends.
 */
export function itemAt(entries: readonly ScheduleEntry[], moment: number, timeZone: string, changedAt: number | null): PlaybackItem {
  const anchor = playbackAnchor(moment, timeZone, changedAt)
  return nowPlaying(entries, moment, timeZone, anchor) ?? nowPlaying(entries, anchor, timeZone, anchor)!
}

/** One item as drawn: its media (null for idle), volume and fit. */
export interface Shown {
  /** Unique per item of the timeline. */
  key: string
  item: PlayerItem
  media: PlayerMedia | null
  /** 0 to 1; 0 plays muted. */
  volume: number
  /** The entry's `stretch`: fill the screen instead of fitting inside it. */
  stretch: boolean
  /** For an advertisement's play: which one and which of its media (proof of play). */
  ad?: { advertisementId: string; mediaId: string }
  /** For a store's item in a local space: which one and its media (no proof of play). */
  local?: { itemId: string; mediaId: string }
}

/** What shownFor needs to fill a slot's positions with advertisements. */
export interface AdContext {
  /** The day plan's positions, by entry index. */
  positions: (string | null)[][]
  ads: PlayerAds | null | undefined
  turns: AdTurns
  timeZone: string
  /** The day plan's local items, by entry index (null: the space's fallback). */
  local?: (LocalItem | null)[][]
  /** The store's local media, by id. */
  localMedia?: PlayerLocal['media']
}

const volumeOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0)

export function shownFor(item: PlayerItem, entries: readonly ScheduleEntry[], schedule: PlayerSchedule | null, adContext?: AdContext): Shown {
  const entry = item.entryIndex >= 0 ? entries[item.entryIndex] : undefined
  const stretch = entry?.stretch === true
  const adId = adContext && item.position !== undefined ? adContext.positions[item.entryIndex]?.[item.position] : null
  const ad = adId ? adContext?.ads?.ads[adId] : undefined
  if (ad && adContext) {
    const picked = adContext.turns.pick(ad, item.start, adContext.timeZone)
    if (picked?.url) {
      const media: PlayerMedia = { name: picked.name ?? ad.name, type: picked.type === 'video' ? 'video' : 'image', url: picked.url }
      return {
        key: `${item.start}:${item.entryIndex}:${media.url}`,
        item,
        media,
        volume: volumeOf(picked.volume),
        stretch,
        ad: { advertisementId: ad.id, mediaId: picked.id },
      }
    }
  }
  const localItem = adContext && item.kind === 'local' && item.position !== undefined ? adContext.local?.[item.entryIndex]?.[item.position] : null
  const own = localItem ? adContext?.localMedia?.[localItem.mediaId] : undefined
  if (localItem && own?.url) {
    const media: PlayerMedia = { name: own.name, type: own.type === 'video' ? 'video' : 'image', url: own.url }
    return { key: `${item.start}:${item.entryIndex}:${media.url}`, item, media, volume: volumeOf(entry?.volume), stretch, local: { itemId: localItem.id, mediaId: localItem.mediaId } }
  }
  const mediaId = entry ? entryMediaId(entry) : null
  const media = schedule && mediaId !== null ? (schedule.media[mediaId] ?? null) : null
  // A slot's fallback has no volume of its own: it plays muted unless the slot says otherwise.
  return { key: `${item.start}:${item.entryIndex}:${media?.url ?? ''}`, item, media, volume: volumeOf(entry?.volume), stretch }
}

/** How the stage turns for the screen's contentOrientation (0..3, or 90/180/270 degrees). */
export function orientationDegrees(contentOrientation: number | null | undefined): 0 | 90 | 180 | 270 {
  const value = Number(contentOrientation) || 0
  const quarter = value >= 4 ? Math.round(value / 90) : Math.round(value)
  return ([0, 90, 180, 270] as const)[((quarter % 4) + 4) % 4]
}

/** A timer late by more than this means the box slept or its clock was set: rejoin the timeline at now. */
export const CLOCK_JUMP_MS = 3_000
/** The first item is skipped when less than this of it is left at start (no flash of a second). */
export const MIN_FIRST_SHOW_MS = 1_000
/** How soon after an item starts the next one is worked out (and its file opened). */
export const LOOK_AHEAD_MS = 2_000

/**
 * Steps a screen through its schedule: reports the item on screen, then at
 * its end the next one, following the schedule's own timeline (a late timer
 * does not shift it). The next item is worked out a little after one
 * starts, off the moment of the switch, so the switch itself is instant
 * and the next file can be opened early.
 */
export class Timeline {
  private timer: ReturnType<typeof setTimeout> | undefined
  private aheadTimer: ReturnType<typeof setTimeout> | undefined
  private ahead: PlayerItem | null = null
  private running = false
  private readonly entries: readonly ScheduleEntry[]
  private readonly timeZone: string
  private readonly changedAt: number | null
  private readonly now: () => number
  private readonly onItem: (item: PlayerItem) => void
  private readonly onAhead: (item: PlayerItem) => void

  constructor(options: {
    entries: readonly ScheduleEntry[]
    timeZone: string
    changedAt: number | null
    /** Server time now, epoch ms. */
    now: () => number
    onItem: (item: PlayerItem) => void
    onAhead?: (item: PlayerItem) => void
  }) {
    this.entries = options.entries
    this.timeZone = options.timeZone
    this.changedAt = options.changedAt
    this.now = options.now
    this.onItem = options.onItem
    this.onAhead = options.onAhead ?? (() => {})
  }

  start() {
    this.running = true
    const now = this.now()
    const first = this.itemFor(now)
    const left = first.start + first.duration - now
    if (first.kind !== 'idle' && left < MIN_FIRST_SHOW_MS) this.step(first.start + first.duration)
    else this.show(first)
  }

  stop() {
    this.running = false
    clearTimeout(this.timer)
    clearTimeout(this.aheadTimer)
  }

  /** The item covering `moment`: for an ad slot, the position of it that does. */
  private itemFor(moment: number): PlayerItem {
    return positionAt(itemAt(this.entries, moment, this.timeZone, this.changedAt), this.entries, moment)
  }

  private step(moment: number) {
    const ahead = this.ahead
    const covers = ahead !== null && ahead.start <= moment && moment < ahead.start + ahead.duration
    this.show(covers ? ahead : this.itemFor(moment))
  }

  private show(item: PlayerItem) {
    if (!this.running) return
    this.ahead = null
    this.onItem(item)
    const end = item.start + item.duration
    clearTimeout(this.aheadTimer)
    if (item.kind !== 'idle') {
      this.aheadTimer = setTimeout(() => {
        this.ahead = this.itemFor(end)
        this.onAhead(this.ahead)
      }, Math.min(LOOK_AHEAD_MS, Math.max(0, (end - this.now()) / 2)))
    }
    this.timer = setTimeout(() => {
      const now = this.now()
      this.step(Math.abs(now - end) > CLOCK_JUMP_MS ? now : end)
    }, Math.max(0, end - this.now()))
  }
}
