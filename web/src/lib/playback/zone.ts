// Local time of a screen from an instant and an IANA time zone, with nothing
// but Intl (internal/playback/zone.go is the Go twin). Instants are epoch
// milliseconds throughout the playback rules.

/** Where a franchise's screens are when it sets no time zone of its own. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo'

/** The wall clock of a screen at one instant. */
export interface LocalTime {
  year: number
  /** 1 to 12. */
  month: number
  day: number
  /** 0 = Sunday … 6 = Saturday, the bit of `dok` that decides this day. */
  weekday: number
  hour: number
  minute: number
  second: number
  millisecond: number
  /** Minutes since local midnight, 0 to 1439: what time windows compare. */
  minuteOfDay: number
  /** The instant the current local clock hour began: the bucket `limitByHour` counts in. */
  hourStart: number
  /** Offset from UTC in milliseconds (−3 h in São Paulo), at this instant. */
  offset: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    // Throws RangeError for a zone the runtime does not know: a programming
    // error (the server validates the franchise's zone), not a schedule rule.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

const MINUTE = 60_000
const HOUR = 3_600_000

/** The wall clock at `moment` in `timeZone`. */
export function localTime(moment: number, timeZone: string = DEFAULT_TIME_ZONE): LocalTime {
  let year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
  for (const part of formatterFor(timeZone).formatToParts(moment)) {
    switch (part.type) {
      case 'year': year = Number(part.value); break
      case 'month': month = Number(part.value); break
      case 'day': day = Number(part.value); break
      case 'hour': hour = Number(part.value); break
      case 'minute': minute = Number(part.value); break
      case 'second': second = Number(part.value); break
    }
  }
  // Offsets are whole seconds, so the millisecond is the instant's own.
  const millisecond = ((moment % 1000) + 1000) % 1000
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, millisecond)
  return {
    year,
    month,
    day,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    hour,
    minute,
    second,
    millisecond,
    minuteOfDay: hour * 60 + minute,
    hourStart: moment - (minute * MINUTE + second * 1000 + millisecond),
    offset: wall - moment,
  }
}

/**
 * The first instant of the local day that holds `moment`: local midnight, or,
 * where a clock change skips midnight, the instant the clocks jump.
 */
export function startOfLocalDay(moment: number, timeZone: string = DEFAULT_TIME_ZONE): number {
  const now = localTime(moment, timeZone)
  const midnight = Date.UTC(now.year, now.month - 1, now.day) // local 00:00 read as if UTC
  const guess = midnight - now.offset
  // A clock change between midnight and now makes the offset of then differ
  // from now's: try the offsets in force a few hours either side of the guess.
  const offsets = [localTime(guess - 6 * HOUR, timeZone).offset, localTime(guess + 6 * HOUR, timeZone).offset]
  const candidates = offsets.map((offset) => midnight - offset)
  const exact = candidates.filter((instant, i) => {
    const then = localTime(instant, timeZone)
    return then.offset === offsets[i] && then.day === now.day && then.minuteOfDay === 0
  })
  // Two exact ones when midnight happens twice (clocks back over it): the first.
  // None when midnight does not happen (clocks forward over it): the jump.
  const start = exact.length > 0 ? Math.min(...exact) : Math.max(...candidates)
  return Math.min(start, moment)
}
