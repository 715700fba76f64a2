// Which entry may start at a moment, and for how long it plays (spec 2 §4,
// DESIGN.md "Decisions the spec leaves open").
import type { ScheduleEntry } from './types'
import { entryWindows, windowContains, type TimeWindow } from './windows'
import { DEFAULT_TIME_ZONE, localTime, type LocalTime } from './zone'

/** What a media or slot lasts when its own numbers give nothing. */
export const DEFAULT_DURATION_MS = 10_000
/** How long a screen with nothing eligible waits before it looks again. */
export const IDLE_MS = 1_000
/** Every weekday bit set. */
export const EVERY_DAY = 127

/** An ad-slot entry, told apart from media by any of isAd, adSlots, adTime or adFallbackMediaId (a local space is none). */
export function isAdSlot(entry: ScheduleEntry): boolean {
  return !entry.isLocal && Boolean(entry.isAd || entry.adSlots || entry.adTime || entry.adFallbackMediaId)
}

/** A local space ('Espaço local'): neither media nor ad slot, the TV's store's approved items play there. */
export function isLocalSpace(entry: ScheduleEntry): boolean {
  return entry.isLocal === true
}

/** Seconds to whole milliseconds, or null when that is not a positive duration. */
function positiveMs(seconds: number | null | undefined): number | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return null
  const ms = Math.round(seconds * 1000)
  return ms > 0 ? ms : null
}

/** How long each item of a local space plays, in ms: localTime, else 10 s. */
export function localItemDuration(entry: ScheduleEntry): number {
  return positiveMs(entry.localTime) ?? DEFAULT_DURATION_MS
}

/**
 * How long an entry plays, in ms: a slot lasts adSlots × adTime, else
 * displayTimeJumpStart, else 10 s; a local space displayTime (stored as its
 * localTime, one item's worth; a day's plan makes it the items ×
 * localTime), else localTime, else 10 s; media lasts displayTime, else 10 s.
 */
export function entryDuration(entry: ScheduleEntry): number {
  if (isLocalSpace(entry)) return positiveMs(entry.displayTime) ?? localItemDuration(entry)
  if (isAdSlot(entry)) {
    const slots = entry.adSlots ?? 0
    const each = entry.adTime ?? 0
    return positiveMs(slots > 0 && each > 0 ? slots * each : null) ?? positiveMs(entry.displayTimeJumpStart) ?? DEFAULT_DURATION_MS
  }
  return positiveMs(entry.displayTime) ?? DEFAULT_DURATION_MS
}

/** An entry with its rules read once, for sequencing many moments. */
export interface CompiledEntry {
  index: number
  id: string
  slot: boolean
  local: boolean
  enabled: boolean
  dok: number
  /** Epoch ms, or null for no bound. */
  start: number | null
  end: number | null
  /** null = all day. */
  windows: TimeWindow[] | null
  /** 0 = no limit. */
  limit: number
  duration: number
  fallbackMediaId: string | null
}

export function compileEntry(entry: ScheduleEntry, index: number): CompiledEntry {
  const slot = isAdSlot(entry)
  const local = isLocalSpace(entry)
  const limit = entry.limitByHour ?? 0
  return {
    index,
    id: entry.id,
    slot,
    local,
    enabled: entry.enabled !== false,
    dok: entry.dok ?? EVERY_DAY,
    start: entry.startDate || null,
    end: entry.endDate || null,
    windows: entryWindows(entry.timeGap),
    limit: limit > 0 ? Math.floor(limit) : 0,
    duration: entryDuration(entry),
    fallbackMediaId: slot && entry.adFallbackMediaId ? entry.adFallbackMediaId : local && entry.localFallbackMediaId ? entry.localFallbackMediaId : null,
  }
}

/** The rule check itself, on a compiled entry and the screen's wall clock at `moment`. */
export function compiledIsEligible(entry: CompiledEntry, moment: number, local: LocalTime, playsThisHour: number): boolean {
  // Spec 2 §4: "Slots always play" — no dates, weekdays, windows or limit apply.
  if (entry.slot) return true
  if (!entry.enabled) return false
  if (entry.start !== null && moment < entry.start) return false
  if (entry.end !== null && moment > entry.end) return false
  if ((entry.dok & (1 << local.weekday)) === 0) return false
  if (entry.windows !== null && !entry.windows.some((window) => windowContains(window, local.minuteOfDay))) return false
  if (entry.limit > 0 && playsThisHour >= entry.limit) return false
  return true
}

/**
 * Whether the entry may start at `moment` (epoch ms) on a screen in
 * `timeZone`, given how many times it already started in the current local
 * clock hour. The weekday and window are read on the screen's wall clock;
 * the dates are instants (endDate inclusive). Slots are always eligible.
 */
export function isEligible(
  entry: ScheduleEntry,
  moment: number,
  timeZone: string = DEFAULT_TIME_ZONE,
  playsThisHour = 0,
): boolean {
  return compiledIsEligible(compileEntry(entry, 0), moment, localTime(moment, timeZone), playsThisHour)
}
