// The preview's clock and queue, on top of the shared playback rules
// (lib/playback) and, as a TV, the player's own day plan (player/ads.ts):
// what plays at a moment, what comes after it, and the wall-clock text of
// the date-and-time control. Pure: every instant is a parameter.
//
// At any moment the preview is where a TV would be: in the loop the TV
// started at its anchor (local midnight, or the schedule's last change),
// with the plays since then counted toward each entry's limitByHour.
import { IDLE_MS, isLocalSpace, localItemDuration, localTime, playbackAnchor, playingFrom, type PlaybackItem, type ScheduleEntry } from '@/lib/playback'
import { dayKey, localOnDay, planDay, positionAt, type DayPlan, type PlayerItem } from '@/player/ads'
import type { PlayerAds, PlayerLocal, PlayerSchedule } from '@/player/protocol'

/** How many items 'A seguir' lists. */
export const UPCOMING_COUNT = 5

/** The loop's anchor at `moment`: a change after the moment is not known yet then, so the day's start counts. */
function anchorAt(moment: number, timeZone: string, changedAt: number | null | undefined) {
  return playbackAnchor(moment, timeZone, changedAt != null && changedAt <= moment ? changedAt : null)
}

const idleAt = (moment: number): PlaybackItem => ({ entryIndex: -1, entryId: '', kind: 'idle', start: moment, duration: IDLE_MS })

/**
 * The schedule without a store: a local space plays its fallback once, for
 * localTime, as a store with nothing approved sees it, and is skipped
 * without one. `index` is each entry's position in the schedule.
 */
function withoutStore(entries: readonly ScheduleEntry[]): { entries: ScheduleEntry[]; index: number[] } {
  const out: { entries: ScheduleEntry[]; index: number[] } = { entries: [], index: [] }
  entries.forEach((entry, i) => {
    if (isLocalSpace(entry)) {
      if (!entry.localFallbackMediaId) return
      const each = localItemDuration(entry)
      out.entries.push({ ...entry, localTime: each / 1000, displayTime: each / 1000 })
    } else out.entries.push(entry)
    out.index.push(i)
  })
  return out
}

/**
 * The schedule as the spec's preview plays it (every slot a 'Slot', every
 * local space its fallback, or skipped without one: no store is chosen): the
 * item a TV shows at `moment` and the ones after it, entryIndex their
 * position in `entries`. `changedAt` is the schedule's last change (its
 * updatedAt).
 */
export function previewQueue(entries: readonly ScheduleEntry[], moment: number, timeZone: string, changedAt?: number | null, upcoming = UPCOMING_COUNT) {
  const plan = withoutStore(entries)
  if (plan.entries.length === 0) return { current: idleAt(moment), upcoming: [] as PlaybackItem[] }
  const items = playingFrom(plan.entries, moment, timeZone, anchorAt(moment, timeZone, changedAt), 1 + upcoming).map((item) =>
    item.entryIndex >= 0 ? { ...item, entryIndex: plan.index[item.entryIndex] } : item,
  )
  const [current, ...rest] = items
  return { current, upcoming: rest.filter((item) => item.kind !== 'idle') }
}

/** When the preview moves on from `item`, shown at `moment`: the item's end. */
export function nextMoment(item: PlaybackItem) {
  return item.start + item.duration
}

/** A TV's screen on its day: what the preview as a TV plays. */
export interface TvScreen {
  schedule: PlayerSchedule | null
  ads: PlayerAds | null | undefined
  /** The TV's store's approved items in the local spaces; absent: spaces play their fallback. */
  local?: PlayerLocal | null
  timeZone: string
}

/** The preview as a TV at a moment: the day's plan, the item on screen (a slot cut to its position) and the ones after it. */
export interface TvQueue {
  day: string
  plan: DayPlan
  current: PlayerItem
  upcoming: PlayerItem[]
}

/** A slot's or local space's item's positions, one item each, from the one covering `from` on; any other item as it is. */
function positionsOf(item: PlaybackItem, entries: readonly ScheduleEntry[], from: number): PlayerItem[] {
  const first = positionAt(item, entries, Math.max(from, item.start))
  if (first.position === undefined) return [first]
  const out: PlayerItem[] = []
  for (let start = first.start; start < item.start + item.duration; start += first.duration) out.push(positionAt(item, entries, start))
  return out
}

/**
 * What a TV plays at `moment`, as its player does: the plan of the moment's
 * day (positions sold that day play their advertisements, unsold ones their
 * fallback or nothing; local spaces the store's items of the day, or their
 * fallback or nothing), sequenced from the TV's anchor.
 */
export function tvQueue(screen: TvScreen, moment: number, upcoming = UPCOMING_COUNT): TvQueue {
  const day = dayKey(moment, screen.timeZone)
  const plan = planDay(screen.schedule, screen.ads, day, localOnDay(screen.local, day, screen.timeZone))
  if (plan.entries.length === 0) return { day, plan, current: idleAt(moment), upcoming: [] }
  const anchor = anchorAt(moment, screen.timeZone, screen.schedule?.updatedAt)
  const items = playingFrom(plan.entries, moment, screen.timeZone, anchor, 1 + upcoming)
  const [current, ...after] = items.flatMap((item, i) => (item.kind === 'idle' && i > 0 ? [] : positionsOf(item, plan.entries, i === 0 ? moment : item.start)))
  return { day, plan, current, upcoming: after.slice(0, upcoming) }
}

/** What the list says an item of the preview as a TV is. */
export function tvItemLabel(item: PlayerItem, plan: DayPlan, screen: TvScreen): string {
  if (item.kind === 'idle') return 'nada'
  const entry = plan.entries[item.entryIndex]
  const media = screen.schedule?.media ?? {}
  if (item.kind === 'media') return media[entry.id]?.name ?? entry.name ?? ''
  if (item.kind === 'local') {
    const own = item.position !== undefined ? plan.local[item.entryIndex]?.[item.position] : null
    if (own) return `${screen.local?.media[own.mediaId]?.name ?? ''} (espaço local)`
    const fallback = entry.localFallbackMediaId ? media[entry.localFallbackMediaId]?.name : undefined
    return `${fallback ?? entry.name ?? 'Espaço local'} (espaço local, mídia padrão)`
  }
  const adId = item.position !== undefined ? plan.positions[item.entryIndex]?.[item.position] : null
  const ad = adId ? screen.ads?.ads[adId] : undefined
  if (ad) return `Anúncio ${ad.name}`
  const fallback = entry.adFallbackMediaId ? media[entry.adFallbackMediaId]?.name : undefined
  return `${fallback ?? 'Slot'} (vaga livre)`
}

const pad = (n: number) => String(n).padStart(2, '0')

/** 'yyyy-MM-ddTHH:mm' of `moment` on the screens' wall clock (the value of a datetime-local input). */
export function toWallInput(moment: number, timeZone: string) {
  const t = localTime(moment, timeZone)
  return `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}`
}

/** The instant a 'yyyy-MM-ddTHH:mm' wall-clock time happens in `timeZone`; null when the text is not one. */
export function fromWallInput(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value)
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number)
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  if (Number.isNaN(wall)) return null
  // The offset in force at the instant, found in two steps (it may differ from the first guess's across a clock change).
  const guess = wall - localTime(wall, timeZone).offset
  return wall - localTime(guess, timeZone).offset
}
