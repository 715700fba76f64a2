// The date badge of an entry in the schedule views (spec 2 §2 and §4).
import { formatDate } from '../format'
import { isAdSlot } from './rules'
import type { EntryBadge, ScheduleEntry } from './types'
import { DEFAULT_TIME_ZONE, localTime } from './zone'

/** A period this long or longer is shown as having no end (spec 2's ONE_THOUSAND, in days). */
export const FOREVER_MS = 1000 * 86_400_000

/** 'dd/MM/yyyy' of the day that holds `moment` on the screens' wall clock, whatever the browser's zone. */
function screenDate(moment: number, timeZone: string) {
  const { year, month, day } = localTime(moment, timeZone)
  return formatDate(new Date(year, month - 1, day), 'dd/MM/yyyy')
}

/**
 * The badge of an entry at `now` (epoch ms): its status from the real dates
 * (so an entry that no longer plays never looks current) and its label, with
 * dates as the franchise's screens see them. Forever: no end date, a period
 * of at least 1000 days, no dates at all, or an ad slot.
 */
export function entryBadge(entry: ScheduleEntry, now: number, timeZone: string = DEFAULT_TIME_ZONE): EntryBadge {
  if (isAdSlot(entry)) return { status: 'current', forever: true, label: 'SEMPRE' }
  const start = entry.startDate || null
  const end = entry.endDate || null
  const status = start !== null && now < start ? 'upcoming' : end !== null && now > end ? 'expired' : 'current'
  const forever = end === null || (start !== null && end - start >= FOREVER_MS)
  if (forever) {
    return { status, forever, label: start === null ? 'SEMPRE' : `${screenDate(start, timeZone)} - SEMPRE` }
  }
  const label = start === null ? `até ${screenDate(end, timeZone)}` : `${screenDate(start, timeZone)} - ${screenDate(end, timeZone)}`
  return { status, forever, label }
}
