// A store's opening hours and the two questions asked of them: is the store
// open at an instant, and for how long was it open between two instants.
// Pure functions of their arguments, read on the wall clock of the zone
// given (the TV's store zone). internal/hours is the same rules in Go; both
// run api/hours-cases.json. The rules:
// - No hours (null) is open all day, every day.
// - A weekday's ranges "HH:MM"–"HH:MM" have an inclusive start and an
//   exclusive end; "24:00" may end a range. A range whose end is before its
//   start runs over midnight and belongs to the day it starts on (Friday
//   18:00–02:00 is open at 01:00 on Saturday). A day without ranges is closed.
// - An exception replaces the ranges of its date (no ranges: closed all
//   day); the previous day's range over midnight still ends at its end.
// - Local time is the wall clock: where clocks jump forward, a range that
//   starts in the skipped hour opens at the jump.
import { localTime } from '../playback/zone'

export interface HoursRange {
  start: string
  end: string
}

export interface HoursException {
  /** YYYY-MM-DD, the store's local date. */
  date: string
  /** None: closed all day. */
  ranges: HoursRange[]
}

export interface StoreHours {
  /** Seven lists of ranges, index 0 = Sunday … 6 = Saturday. */
  week: HoursRange[][]
  exceptions: HoursException[]
}

export const MAX_RANGES_PER_DAY = 4
export const MAX_EXCEPTIONS = 100

/** The weekdays as messages and the console name them, Sunday first. */
export const DAY_NAMES = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'] as const

const MINUTE = 60_000
const HOUR = 3_600_000
const DAY = 86_400_000

/** Reads "HH:MM" from 00:00 to 23:59, or "24:00" as an end; null when invalid. */
export function clockMinutes(s: string, end = false): number | null {
  const m = /^(\d\d):(\d\d)$/.exec(s)
  if (!m) return null
  const h = Number(m[1])
  const min = Number(m[2])
  if (end && h === 24 && min === 0) return 1440
  if (h > 23 || min > 59) return null
  return h * 60 + min
}

interface Span {
  start: number
  /** Above 1440 when the range runs over midnight. */
  end: number
}

function parse(r: HoursRange): Span | null {
  const start = clockMinutes(r.start)
  let end = clockMinutes(r.end, true)
  if (start === null || end === null || start === end) return null
  if (end < start) end += 1440
  return { start, end }
}

const label = (r: HoursRange) => `${r.start}–${r.end}`

/** A local date as epoch ms of its midnight read as if UTC. */
const wallDay = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d)

function dateKey(wall: number) {
  return new Date(wall).toISOString().slice(0, 10)
}

function spansOn(h: StoreHours, wall: number): Span[] {
  const key = dateKey(wall)
  const exception = h.exceptions.find((e) => e.date === key)
  const ranges = exception ? exception.ranges : (h.week[new Date(wall).getUTCDay()] ?? [])
  return ranges.map(parse).filter((s): s is Span => s !== null)
}

/** Whether a store with hours `h` is open at `moment` (epoch ms) in `timeZone`. Null hours are open all day. */
export function openAt(h: StoreHours | null | undefined, timeZone: string, moment: number): boolean {
  if (!h) return true
  const local = localTime(moment, timeZone)
  const today = wallDay(local.year, local.month, local.day)
  const minute = local.minuteOfDay
  if (spansOn(h, today).some((s) => minute >= s.start && minute < s.end)) return true
  return spansOn(h, today - DAY).some((s) => minute + 1440 >= s.start && minute + 1440 < s.end)
}

/**
 * How long (ms) a store with hours `h` was open in [from, to), on the wall
 * clock of `timeZone` (null hours: the whole interval).
 */
export function openDuration(h: StoreHours | null | undefined, timeZone: string, from: number, to: number): number {
  if (to <= from) return 0
  if (!h) return to - from
  // The open state changes only where the wall clock reaches a range's start
  // or end, at local midnight, or where the offset jumps: cut [from, to)
  // there and add up the open pieces.
  const cuts = new Set<number>([from, to])
  const add = (c: number) => {
    if (c > from && c < to) cuts.add(c)
  }
  const offsetAt = (ms: number) => localTime(ms, timeZone).offset
  const first = localTime(from, timeZone)
  const last = localTime(to, timeZone)
  const lastDay = wallDay(last.year, last.month, last.day)
  for (let base = wallDay(first.year, first.month, first.day) - DAY; base <= lastDay; base += DAY) {
    // The offsets in force from a little before this local day to the end
    // of the next morning, and the instants they change.
    let prev = base - 18 * HOUR
    let prevOff = offsetAt(prev)
    const offsets = [prevOff]
    for (let k = -2; k <= 8; k++) {
      const at = base + k * 6 * HOUR
      const off = offsetAt(at)
      if (off !== prevOff) {
        add(firstWithOffsetNot(offsetAt, prev, at, prevOff))
        if (!offsets.includes(off)) offsets.push(off)
      }
      prev = at
      prevOff = off
    }
    const minutes = [0]
    for (const s of spansOn(h, base)) minutes.push(s.start, s.end)
    for (const m of minutes) for (const off of offsets) add(base + m * MINUTE - off)
  }
  const sorted = [...cuts].sort((a, b) => a - b)
  let open = 0
  for (let i = 0; i + 1 < sorted.length; i++) {
    if (openAt(h, timeZone, sorted[i])) open += sorted[i + 1] - sorted[i]
  }
  return open
}

/** The first instant in (lo, hi] whose offset is not `off`, knowing hi's is not. */
function firstWithOffsetNot(offsetAt: (ms: number) => number, lo: number, hi: number, off: number) {
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2)
    if (offsetAt(mid) !== off) hi = mid
    else lo = mid
  }
  return hi
}

export type HoursCheck = { hours: StoreHours; error?: undefined } | { error: string; hours?: undefined }

/**
 * Checks hours as the operator set them and returns them cleaned (ranges by
 * start, exceptions by date, spaces trimmed), or the first mistake with the
 * server's own pt-BR message (internal/hours Validate).
 */
export function validateHours(h: StoreHours): HoursCheck {
  if (h.week.length !== 7) return { error: 'O horário semanal precisa ter os 7 dias da semana, de domingo a sábado.' }
  const week: HoursRange[][] = []
  const spans: Span[][] = []
  for (let wd = 0; wd < 7; wd++) {
    const day = checkDay(DAY_NAMES[wd], h.week[wd] ?? [])
    if ('error' in day) return { error: day.error }
    week.push(day.ranges)
    spans.push(day.spans)
  }
  for (let wd = 0; wd < 7; wd++) {
    const next = (wd + 1) % 7
    for (const [i, s] of spans[wd].entries()) {
      if (s.end <= 1440) continue
      for (const [j, n] of spans[next].entries()) {
        if (n.start < s.end - 1440) {
          return {
            error: `As faixas ${label(week[wd][i])} de ${DAY_NAMES[wd].toLowerCase()} e ${label(week[next][j])} de ${DAY_NAMES[next].toLowerCase()} se sobrepõem.`,
          }
        }
      }
    }
  }
  if (h.exceptions.length > MAX_EXCEPTIONS) return { error: `Uma loja pode ter no máximo ${MAX_EXCEPTIONS} exceções de data.` }
  const seen = new Set<string>()
  const exceptions: HoursException[] = []
  for (const e of h.exceptions) {
    const m = /^(\d{4})-(\d\d)-(\d\d)$/.exec(e.date)
    const valid = m !== null && dateKey(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) === e.date
    if (!m || !valid) return { error: `Data de exceção inválida: "${e.date}". Use AAAA-MM-DD.` }
    const dayLabel = `${m[3]}/${m[2]}/${m[1]}`
    if (seen.has(e.date)) return { error: `A data ${dayLabel} aparece em mais de uma exceção.` }
    seen.add(e.date)
    const day = checkDay(dayLabel, e.ranges)
    if ('error' in day) return { error: day.error }
    exceptions.push({ date: e.date, ranges: day.ranges })
  }
  exceptions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  return { hours: { week, exceptions } }
}

function checkDay(dayLabel: string, given: HoursRange[]): { ranges: HoursRange[]; spans: Span[] } | { error: string } {
  if (given.length > MAX_RANGES_PER_DAY) return { error: `${dayLabel}: no máximo ${MAX_RANGES_PER_DAY} faixas de horário por dia.` }
  const parsed: { range: HoursRange; span: Span }[] = []
  for (const g of given) {
    const range = { start: g.start.trim(), end: g.end.trim() }
    if (clockMinutes(range.start) === null || clockMinutes(range.end, true) === null) {
      return { error: `${dayLabel}: horário inválido em ${label(range)}. Use HH:MM, de 00:00 a 23:59 (24:00 só como fim).` }
    }
    if (range.start === range.end) return { error: `${dayLabel}: a faixa ${label(range)} começa e termina no mesmo horário.` }
    parsed.push({ range, span: parse(range)! })
  }
  parsed.sort((a, b) => a.span.start - b.span.start) // stable
  for (let k = 1; k < parsed.length; k++) {
    if (parsed[k].span.start < parsed[k - 1].span.end) {
      return { error: `${dayLabel}: as faixas ${label(parsed[k - 1].range)} e ${label(parsed[k].range)} se sobrepõem.` }
    }
  }
  const n = parsed.length
  if (n > 1 && parsed[n - 1].span.end > 1440 && parsed[0].span.start < parsed[n - 1].span.end - 1440) {
    return { error: `${dayLabel}: as faixas ${label(parsed[0].range)} e ${label(parsed[n - 1].range)} se sobrepõem.` }
  }
  return { ranges: parsed.map((p) => p.range), spans: parsed.map((p) => p.span) }
}
