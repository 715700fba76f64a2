// Advertisements in the ad slots of a schedule (DESIGN.md "Ad slots"): on
// each day a slot's positions are played in order, each for the slot's
// adTime; a position sold on that day plays its advertisement's media in
// turn, one nobody bought plays the slot's fallback media, or is skipped
// when there is none. The day's plan is made once per day: the playback
// rules see each slot with the positions it really has that day.
//
// Local spaces ('Espaço local', docs/schedules.md) are planned the same
// way: on a day a space plays the store's approved items whose dates include
// that day (and whose media has a file), in the store's order, localTime
// each; with none, its fallback media once for localTime; with no fallback
// either, it is skipped. They are not advertisements: no proof of play.
import {
  datesOn,
  entryDatesOn,
  entryDuration,
  isAdSlot,
  isEligible,
  isLocalSpace,
  localItemDuration,
  localTime,
  startOfLocalDay,
  type PlaybackItem,
  type ScheduleEntry,
} from '../lib/playback'
import type { AdMedia, LocalItem, PlayerAd, PlayerAds, PlayerLocal, PlayerSchedule } from './protocol'

/** yyyyMMdd of `moment` in `timeZone`: the days bookings are keyed by. */
export function dayKey(moment: number, timeZone: string): string {
  const t = localTime(moment, timeZone)
  return `${t.year}${String(t.month).padStart(2, '0')}${String(t.day).padStart(2, '0')}`
}

/** What a screen plays on one day. */
export interface DayPlan {
  /** The entries the playback rules sequence: those with something to show, slots cut to their positions. */
  entries: ScheduleEntry[]
  /** By index in `entries`: for a slot, the advertisement of each position played (null: the fallback). */
  positions: (string | null)[][]
  /** By index in `entries`: for a local space, the store's item of each position played (null: the space's fallback). */
  local: (LocalItem | null)[][]
}

/** A store's items that play on one day, by space id, in the store's order (localOnDay). */
export type DayLocal = Record<string, LocalItem[]>

/** The first instant of day `day` (yyyyMMdd) plus `days` on `timeZone`'s clock. */
function dayStart(day: string, days: number, timeZone: string): number {
  const wall = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6, 8)) + days, 12)
  return startOfLocalDay(wall - localTime(wall, timeZone).offset, timeZone)
}

/**
 * The store's items that play on `day` (yyyyMMdd in `timeZone`): those
 * whose dates (on the screen's clock, see screenDatesOn) include some of
 * that day and whose media has a file, in the store's order. A space left
 * with none is absent.
 */
export function localOnDay(local: PlayerLocal | null | undefined, day: string, timeZone: string): DayLocal {
  const out: DayLocal = {}
  if (!local?.spaces || !/^\d{8}$/.test(day)) return out
  const start = dayStart(day, 0, timeZone)
  const end = dayStart(day, 1, timeZone)
  for (const [spaceId, items] of Object.entries(local.spaces)) {
    const kept = (Array.isArray(items) ? items : []).filter(
      (item) =>
        Boolean(item?.mediaId) &&
        !(item.startDate && item.startDate >= end) &&
        !(item.endDate && item.endDate < start) &&
        typeof local.media?.[item.mediaId]?.url === 'string' &&
        local.media[item.mediaId].url !== '',
    )
    if (kept.length > 0) out[spaceId] = kept
  }
  return out
}

const has = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key)

/** An advertisement's media a box can show: those with a file. */
function playableMedia(ad: PlayerAd | undefined): AdMedia[] {
  return ad && Array.isArray(ad.media) ? ad.media.filter((m) => typeof m.url === 'string' && m.url !== '') : []
}

/**
 * The plan of `day` (yyyyMMdd): entries whose media is gone are left out;
 * each ad slot keeps, in order, the positions sold that day (to an
 * advertisement with a file to show) and, where a fallback exists, the
 * others; a slot left with no position is left out. Each local space plays
 * `local`'s items of the day (localOnDay), localTime each (its displayTime
 * becomes their count × localTime), else its fallback once, else it is left
 * out (internal/playback PlanDayLocal).
 */
export function planDay(schedule: PlayerSchedule | null, ads: PlayerAds | null | undefined, day: string, local?: DayLocal | null): DayPlan {
  const plan: DayPlan = { entries: [], positions: [], local: [] }
  if (!schedule) return plan
  const sold = new Map<string, string>()
  for (const b of ads?.bookings ?? []) {
    if (b.day === day && playableMedia(ads?.ads[b.advertisementId]).length > 0) sold.set(`${b.slotId}#${b.position}`, b.advertisementId)
  }
  for (const entry of schedule.entries) {
    if (isLocalSpace(entry)) {
      const plays: (LocalItem | null)[] = [...(local?.[entry.id] ?? [])]
      if (plays.length === 0 && entry.localFallbackMediaId && has(schedule.media, entry.localFallbackMediaId)) plays.push(null)
      if (plays.length === 0) continue
      const each = localItemDuration(entry)
      plan.entries.push({ ...entry, localTime: each / 1000, displayTime: (plays.length * each) / 1000 })
      plan.positions.push([])
      plan.local.push(plays)
      continue
    }
    if (!isAdSlot(entry)) {
      if (entry.id && has(schedule.media, entry.id)) {
        plan.entries.push(entry)
        plan.positions.push([])
        plan.local.push([])
      }
      continue
    }
    const fallback = entry.adFallbackMediaId && has(schedule.media, entry.adFallbackMediaId) ? entry.adFallbackMediaId : null
    const count = Number(entry.adSlots) || 0
    const each = Number(entry.adTime) || 0
    if (count <= 0 || each <= 0) {
      // No positions to sell: the slot is its fallback for its whole length.
      if (fallback) {
        plan.entries.push(entry)
        plan.positions.push([])
        plan.local.push([])
      }
      continue
    }
    const positions: (string | null)[] = []
    for (let p = 1; p <= count; p++) {
      const ad = sold.get(`${entry.id}#${p}`)
      if (ad) positions.push(ad)
      else if (fallback) positions.push(null)
    }
    if (positions.length === 0) continue
    plan.entries.push(positions.length === count ? entry : { ...entry, adSlots: positions.length })
    plan.positions.push(positions)
    plan.local.push([])
  }
  return plan
}

/** A slot or local space item of the playback rules, narrowed to one of its positions. */
export interface PlayerItem extends PlaybackItem {
  /** For a slot cut into positions, or a local space into its items: which one (0-based, in the day's plan). */
  position?: number
}

/**
 * The position of a slot item that covers `moment` (a slot plays its
 * positions one after the other, adTime each; a local space its items,
 * localTime each); any other item as it is.
 */
export function positionAt(item: PlaybackItem, entries: readonly ScheduleEntry[], moment: number): PlayerItem {
  if (item.kind === 'local') {
    const entry = entries[item.entryIndex]
    if (!entry) return item
    const each = localItemDuration(entry)
    const count = Math.round(item.duration / each)
    if (count <= 0 || count * each !== item.duration) return item
    const index = Math.min(count - 1, Math.max(0, Math.floor((moment - item.start) / each)))
    return { ...item, start: item.start + index * each, duration: each, position: index }
  }
  if (item.kind !== 'slot') return item
  const entry = entries[item.entryIndex]
  const count = Number(entry?.adSlots) || 0
  const each = (Number(entry?.adTime) || 0) * 1000
  if (!entry || count <= 0 || each <= 0 || entryDuration(entry) !== count * each) return item
  const index = Math.min(count - 1, Math.max(0, Math.floor((moment - item.start) / each)))
  return { ...item, start: item.start + index * each, duration: each, position: index }
}

/**
 * Which media an advertisement shows in a position: its media take turns,
 * each time the advertisement plays on this screen, among those whose
 * rules (weekdays, dates, time windows, enabled) allow the moment. The
 * choice for a position is kept, so the look-ahead and the switch agree.
 */
export class AdTurns {
  private readonly next = new Map<string, number>()
  private readonly chosen = new Map<string, AdMedia | null>()

  pick(ad: PlayerAd, start: number, timeZone: string): AdMedia | null {
    const key = `${ad.id}@${start}`
    const kept = this.chosen.get(key)
    if (kept !== undefined) return kept
    const media = playableMedia(ad)
    let picked: AdMedia | null = null
    const from = this.next.get(ad.id) ?? 0
    for (let k = 0; k < media.length; k++) {
      const index = (from + k) % media.length
      if (isEligible(media[index], start, timeZone)) {
        picked = media[index]
        this.next.set(ad.id, index + 1)
        break
      }
    }
    this.chosen.set(key, picked)
    if (this.chosen.size > 32) this.chosen.delete(this.chosen.keys().next().value as string)
    return picked
  }
}

/** One play of an advertisement, as sent to POST /api/device/plays. */
export interface AdPlay {
  /** The box's own id for the play: a batch sent twice counts once. */
  id: string
  advertisementId: string
  mediaId: string
  /** Epoch ms, server time. */
  startedAt: number
  /** Milliseconds shown. */
  duration: number
}

/** A random id (crypto where there is one). */
export function playId(): string {
  const bytes = new Uint8Array(16)
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') crypto.getRandomValues(bytes)
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * The schedule, the advertisements and the store's local items with their
 * dates on the screen's clock: an entry's, an advertisement media's and a
 * local item's startDate and endDate name calendar days in `datesZone` (the
 * franchise's, in which the console writes them), played from 00:00 of the
 * start day to the end of the end day in `timeZone` (lib/playback datesOn;
 * internal/playback DatesOn on the server).
 */
export function screenDatesOn(
  schedule: PlayerSchedule | null,
  ads: PlayerAds | null | undefined,
  datesZone: string,
  timeZone: string,
  local?: PlayerLocal | null,
): { schedule: PlayerSchedule | null; ads: PlayerAds | null | undefined; local: PlayerLocal | null | undefined } {
  const dated: PlayerAds['ads'] = {}
  for (const [id, ad] of Object.entries(ads?.ads ?? {})) dated[id] = { ...ad, media: datesOn(ad.media, datesZone, timeZone) }
  let spaces: PlayerLocal['spaces'] | undefined
  if (local?.spaces) {
    spaces = {}
    for (const [id, items] of Object.entries(local.spaces)) spaces[id] = (Array.isArray(items) ? items : []).map((item) => entryDatesOn(item, datesZone, timeZone))
  }
  return {
    schedule: schedule && { ...schedule, entries: datesOn(schedule.entries, datesZone, timeZone) },
    ads: ads && { ...ads, ads: dated },
    local: local && spaces ? { ...local, spaces } : local,
  }
}
