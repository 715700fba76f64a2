// @vitest-environment node
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  datesOn,
  entryBadge,
  entryDuration,
  isAdSlot,
  isEligible,
  localTime,
  nextItems,
  nowPlaying,
  parseWindow,
  playbackAnchor,
  playingFrom,
  startOfLocalDay,
  windowContains,
  type EntryBadge,
  type PlaybackItem,
  type ScheduleEntry,
} from '.'

// The same cases internal/playback runs (playback_test.go): both sides must agree on each.
interface WireItem extends Omit<PlaybackItem, 'start'> {
  start: string
}

interface Case {
  name: string
  timeZone: string
  /** The zone the entries' dates were written in: they name its days, moved onto the screen's clock (datesOn). */
  datesTimeZone?: string
  schedule: ScheduleEntry[]
  moment: string
  startIndex?: number
  playsThisHour?: Record<string, number>
  changedAt?: string
  eligible?: string[]
  sequence?: WireItem[]
  nowPlaying?: WireItem | null
  playingFrom?: WireItem[]
  badge?: (EntryBadge & { id: string })[]
  /** A day plan of the player's ads (run by web/src/player/ads.test.ts). */
  dayPlan?: unknown
}

const file = JSON.parse(fs.readFileSync(new URL('../../../../api/playback-cases.json', import.meta.url), 'utf8')) as {
  about: string
  cases: Case[]
}

const instant = (iso: string) => {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) throw new Error(`not an ISO-8601 instant: ${iso}`)
  return ms
}
const fromWire = (item: WireItem): PlaybackItem => ({ ...item, start: instant(item.start) })

describe('api/playback-cases.json', () => {
  it('has at least 60 cases, each with a unique name and exactly one expectation', () => {
    expect(file.cases.length).toBeGreaterThanOrEqual(60)
    expect(new Set(file.cases.map((c) => c.name)).size).toBe(file.cases.length)
    for (const c of file.cases) {
      const expectations = (['eligible', 'sequence', 'nowPlaying', 'playingFrom', 'badge', 'dayPlan'] as const).filter((key) => key in c)
      expect(expectations, c.name).toHaveLength(1)
    }
  })

  it.each(file.cases.filter((c) => !c.dayPlan))('$name', (given) => {
    const c = given.datesTimeZone ? { ...given, schedule: datesOn(given.schedule, given.datesTimeZone, given.timeZone) } : given
    const moment = instant(c.moment)
    if (c.eligible) {
      const eligible = c.schedule.filter((entry) => isEligible(entry, moment, c.timeZone, c.playsThisHour?.[entry.id] ?? 0))
      expect(eligible.map((entry) => entry.id)).toEqual(c.eligible)
    } else if (c.sequence) {
      expect(nextItems(c.schedule, moment, c.timeZone, c.sequence.length, c.startIndex)).toEqual(c.sequence.map(fromWire))
    } else if (c.nowPlaying !== undefined) {
      const anchor = playbackAnchor(moment, c.timeZone, c.changedAt ? instant(c.changedAt) : null)
      const expected = c.nowPlaying === null ? null : fromWire(c.nowPlaying)
      expect(nowPlaying(c.schedule, moment, c.timeZone, anchor)).toEqual(expected)
    } else if (c.playingFrom) {
      const anchor = playbackAnchor(moment, c.timeZone, c.changedAt ? instant(c.changedAt) : null)
      expect(playingFrom(c.schedule, moment, c.timeZone, anchor, c.playingFrom.length)).toEqual(c.playingFrom.map(fromWire))
    } else if (c.badge) {
      expect(c.schedule.map((entry) => ({ id: entry.id, ...entryBadge(entry, moment, c.timeZone) }))).toEqual(c.badge)
    }
  })
})

const at = (iso: string) => instant(iso)

describe('parseWindow', () => {
  it.each([
    ['00:00@00:00', { start: 0, end: 0 }],
    ['22:00@02:00', { start: 1320, end: 120 }],
    ['23:59@00:00', { start: 1439, end: 0 }],
  ])('reads %s', (text, window) => {
    expect(parseWindow(text)).toEqual(window)
  })

  it.each(['', '9:00@10:00', '24:00@01:00', '10:60@11:00', '10:00-12:00', '10:00@', ' 10:00@12:00', '10:00@12:00 ', '１０:00@12:00'])(
    'refuses %j',
    (text) => {
      expect(parseWindow(text)).toBeNull()
    },
  )
})

describe('windowContains', () => {
  const overnight = { start: 22 * 60, end: 2 * 60 }
  it('runs over midnight when the end is before the start', () => {
    expect([21 * 60 + 59, 22 * 60, 0, 119, 120].map((m) => windowContains(overnight, m))).toEqual([false, true, true, true, false])
  })

  it('is the whole day when start and end are equal', () => {
    expect([0, 720, 1439].every((m) => windowContains({ start: 720, end: 720 }, m))).toBe(true)
  })
})

describe('isEligible', () => {
  it('defaults to São Paulo time', () => {
    // 02:30 UTC on a Monday is 23:30 on Sunday in São Paulo.
    expect(isEligible({ id: 'a', dok: 1 }, at('2026-03-02T02:30:00Z'))).toBe(true)
  })

  it('ignores window entries that are not strings', () => {
    const entry = { id: 'a', timeGap: [42, '10:00@11:00'] } as unknown as ScheduleEntry
    expect(isEligible(entry, at('2026-03-02T10:30:00-03:00'), 'America/Sao_Paulo')).toBe(true)
  })

  it('throws for a time zone the runtime does not know', () => {
    expect(() => isEligible({ id: 'a' }, 0, 'America/Atlantida')).toThrow(RangeError)
  })
})

describe('entryDuration and isAdSlot', () => {
  it('rounds seconds to whole milliseconds and falls back to 10 s below 1 ms', () => {
    expect(entryDuration({ id: 'a', displayTime: 2.5 })).toBe(2500)
    expect(entryDuration({ id: 'a', displayTime: 0.0001 })).toBe(10_000)
    expect(entryDuration({ id: 'a', displayTime: -5 })).toBe(10_000)
  })

  it('does not take zero or empty ad fields for a slot', () => {
    expect(isAdSlot({ id: 'a', isAd: false, adSlots: 0, adTime: 0, adFallbackMediaId: '' })).toBe(false)
  })
})

describe('nextItems', () => {
  it('gives nothing for a count of 0', () => {
    expect(nextItems([{ id: 'a' }], 0, 'America/Sao_Paulo', 0)).toEqual([])
  })

  it('gives back-to-back items: each starts when the one before ends', () => {
    const schedule: ScheduleEntry[] = [
      { id: 'a', displayTime: 7, timeGap: ['08:00@20:00'] },
      { id: 'b', displayTime: 13, limitByHour: 4 },
      { id: 's', isAd: true, adSlots: 2, adTime: 9 },
    ]
    const items = nextItems(schedule, at('2026-03-02T07:59:00-03:00'), 'America/Sao_Paulo', 500)
    for (let i = 1; i < items.length; i++) expect(items[i].start).toBe(items[i - 1].start + items[i - 1].duration)
  })
})

describe('nowPlaying', () => {
  it('is the item nextItems gives for the same anchor, wherever the moment falls', () => {
    const schedule: ScheduleEntry[] = [
      { id: 'a', displayTime: 7, timeGap: ['00:05@00:10'] },
      { id: 'b', displayTime: 11, limitByHour: 3 },
      { id: 'c', displayTime: 5, dok: 2 },
    ]
    const anchor = at('2026-03-02T00:00:00-03:00')
    const items = nextItems(schedule, anchor, 'America/Sao_Paulo', 150)
    for (const item of items) {
      expect(nowPlaying(schedule, item.start + item.duration - 1, 'America/Sao_Paulo', anchor)).toEqual(item)
    }
  })

  it('is the first item playingFrom gives, and the items after it follow one another', () => {
    const schedule: ScheduleEntry[] = [
      { id: 'a', displayTime: 7, limitByHour: 4 },
      { id: 'b', displayTime: 11, timeGap: ['00:02@00:50'] },
    ]
    const anchor = at('2026-03-02T00:00:00-03:00')
    const moment = at('2026-03-02T00:37:12-03:00')
    const items = playingFrom(schedule, moment, 'America/Sao_Paulo', anchor, 20)
    expect(items[0]).toEqual(nowPlaying(schedule, moment, 'America/Sao_Paulo', anchor))
    for (let i = 1; i < items.length; i++) expect(items[i].start).toBe(items[i - 1].start + items[i - 1].duration)
    // a reached its 4 plays this hour long before 00:37: only b plays on.
    expect(items.map((item) => item.entryId).filter((id) => id === 'a')).toEqual([])
  })

  it('anchors at the start of the local day when no anchor is given', () => {
    const schedule = [{ id: 'a', displayTime: 3 }, { id: 'b', displayTime: 4 }]
    const moment = at('2026-03-02T12:00:02.500-03:00')
    expect(nowPlaying(schedule, moment, 'America/Sao_Paulo')).toEqual(
      nowPlaying(schedule, moment, 'America/Sao_Paulo', at('2026-03-02T00:00:00-03:00')),
    )
  })
})

describe('startOfLocalDay', () => {
  it.each([
    ['São Paulo', 'America/Sao_Paulo', '2026-03-02T15:00:00-03:00', '2026-03-02T00:00:00-03:00'],
    ['New York, clocks forward that night', 'America/New_York', '2026-03-08T12:00:00-04:00', '2026-03-08T00:00:00-05:00'],
    ['New York, clocks back that night', 'America/New_York', '2026-11-01T23:59:59-05:00', '2026-11-01T00:00:00-04:00'],
    // Santiago moves its clocks at midnight: on 6 Sep 2026 00:00 does not exist, the day begins at 01:00.
    ['Santiago, midnight skipped', 'America/Santiago', '2026-09-06T12:00:00-03:00', '2026-09-06T01:00:00-03:00'],
    // On 5 Apr 2026 Santiago's clocks go from 00:00 back to 23:00: the day begins once the 23:00 hour has passed.
    ['Santiago, the hour before midnight repeated', 'America/Santiago', '2026-04-05T12:00:00-04:00', '2026-04-05T00:00:00-04:00'],
  ])('%s', (_, timeZone, moment, start) => {
    expect(startOfLocalDay(at(moment), timeZone)).toBe(at(start))
  })
})

describe('localTime', () => {
  it('reads the local hour start in a half-hour zone', () => {
    const local = localTime(at('2026-03-02T10:40:12.345+05:30'), 'Asia/Kolkata')
    expect(local).toMatchObject({ hour: 10, minute: 40, second: 12, millisecond: 345, weekday: 1, offset: 19_800_000 })
    expect(local.hourStart).toBe(at('2026-03-02T10:00:00+05:30'))
  })
})

describe('entryBadge', () => {
  it('formats dates on the screens\' wall clock, not the browser\'s', () => {
    // 02:00 UTC on 5 March is still 4 March in São Paulo, whatever zone runs the test.
    expect(entryBadge({ id: 'a', startDate: at('2026-03-05T02:00:00Z') }, 0, 'America/Sao_Paulo').label).toBe('04/03/2026 - SEMPRE')
    expect(entryBadge({ id: 'a', startDate: at('2026-03-05T02:00:00Z') }, 0, 'Asia/Tokyo').label).toBe('05/03/2026 - SEMPRE')
  })
})
