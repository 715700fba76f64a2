// An entry's dates (startDate, endDate) are calendar days, not instants: the
// console writes the first millisecond of the chosen start day and the last
// of the chosen end day in the franchise's zone, and every screen plays the
// entry from 00:00 of that start day to the end of that end day on its own
// wall clock (internal/playback DatesOn, the same rule). The stored numbers
// keep their form (epoch ms, missing/0 = no bound); the zone they are read in
// to name their days is the dates zone, the franchise's.
import { startOfLocalDay, localTime } from './zone'

interface Dated {
  startDate?: number | null
  endDate?: number | null
}

/** The first instant, on `timeZone`'s clock, of the day `moment` names in `datesZone`, plus `days`. */
function dayStartOn(moment: number, days: number, datesZone: string, timeZone: string): number {
  const { year, month, day } = localTime(moment, datesZone)
  // Noon UTC falls on the same calendar day in every zone within ±11 h.
  return startOfLocalDay(Date.UTC(year, month - 1, day + days, 12), timeZone)
}

/**
 * The entry with its dates moved onto the clock of a screen in `timeZone`:
 * startDate becomes the first instant of the day it names in `datesZone`,
 * endDate the last millisecond of the day it names. The rules then compare
 * instants as before. A copy; a missing or 0 date stays no bound.
 */
export function entryDatesOn<T extends Dated>(entry: T, datesZone: string, timeZone: string): T {
  if (!entry.startDate && !entry.endDate) return entry
  const out = { ...entry }
  if (entry.startDate) out.startDate = dayStartOn(entry.startDate, 0, datesZone, timeZone)
  if (entry.endDate) out.endDate = dayStartOn(entry.endDate, 1, datesZone, timeZone) - 1
  return out
}

/** Every entry's dates on the screen's clock (entryDatesOn). */
export function datesOn<T extends Dated>(entries: readonly T[], datesZone: string, timeZone: string): T[] {
  return entries.map((entry) => entryDatesOn(entry, datesZone, timeZone))
}
