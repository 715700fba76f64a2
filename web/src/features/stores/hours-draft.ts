// The 'Horário de funcionamento' section's state and how it becomes the
// API's opening hours. The rules and messages are web/src/lib/hours (the
// server's own, internal/hours).
import { validateHours, type HoursRange, type StoreHours } from '@/lib/hours'
import type { StoreHoursAnswer, WhenClosed } from './api/types'

export interface HoursExceptionDraft {
  /** YYYY-MM-DD, '' while not chosen. */
  date: string
  /** Closed all day; else open in its ranges. */
  closed: boolean
  ranges: HoursRange[]
}

export interface HoursDraft {
  /** Whether the store has opening hours at all; without them it is open all day. */
  enabled: boolean
  /** Seven days, Sunday first; a day without ranges is closed. */
  week: HoursRange[][]
  exceptions: HoursExceptionDraft[]
  whenClosed: WhenClosed
}

/** The range a day gets when it opens, or gains a range. */
export const DEFAULT_RANGE: HoursRange = { start: '08:00', end: '18:00' }

/** What a store that starts having hours gets: Monday to Saturday 08:00–18:00, closed on Sunday. */
export function defaultWeek(): HoursRange[][] {
  return [[], ...Array.from({ length: 6 }, () => [{ ...DEFAULT_RANGE }])]
}

export const emptyHoursDraft = (): HoursDraft => ({ enabled: false, week: defaultWeek(), exceptions: [], whenClosed: 'play' })

/** The draft for a store's stored hours (or a new store's: none). */
export function hoursDraft(answer?: StoreHoursAnswer | null): HoursDraft {
  if (!answer) return emptyHoursDraft()
  const { hours, whenClosed } = answer
  if (!hours) return { ...emptyHoursDraft(), whenClosed }
  return {
    enabled: true,
    week: Array.from({ length: 7 }, (_, i) => (hours.week[i] ?? []).map((r) => ({ ...r }))),
    exceptions: hours.exceptions.map((e) => ({ date: e.date, closed: e.ranges.length === 0, ranges: e.ranges.map((r) => ({ ...r })) })),
    whenClosed,
  }
}

/**
 * The opening hours a draft saves, checked by the shared rules: the hours
 * (null: open all day) or the first mistake, in the server's words.
 */
export function hoursFromDraft(draft: HoursDraft): { hours: StoreHours | null; error?: undefined } | { error: string; hours?: undefined } {
  if (!draft.enabled) return { hours: null }
  for (const e of draft.exceptions) {
    if (!e.date) return { error: 'Escolha a data de cada exceção.' }
    if (!e.closed && e.ranges.length === 0) return { error: `Exceção ${brDate(e.date)}: adicione uma faixa de horário ou marque 'Fechado o dia todo'.` }
  }
  const checked = validateHours({
    week: draft.week,
    exceptions: draft.exceptions.map((e) => ({ date: e.date, ranges: e.closed ? [] : e.ranges })),
  })
  return checked.error !== undefined ? { error: checked.error } : { hours: checked.hours }
}

/** The body of PUT …/hours for a draft known to be valid. */
export function hoursBody(draft: HoursDraft, hours: StoreHours | null) {
  return { hours, whenClosed: draft.whenClosed }
}

/** Whether saving the draft changes anything for a store that has `stored` (none for a new store). */
export function hoursChanged(draft: HoursDraft, stored?: StoreHoursAnswer | null) {
  const saved = hoursFromDraft(draft)
  if (saved.error !== undefined) return true
  const before = stored ? { hours: stored.hours, whenClosed: stored.whenClosed } : { hours: null, whenClosed: 'play' }
  return JSON.stringify(before) !== JSON.stringify({ hours: saved.hours, whenClosed: draft.whenClosed })
}

function brDate(date: string) {
  const [y, m, d] = date.split('-')
  return `${d}/${m}/${y}`
}
