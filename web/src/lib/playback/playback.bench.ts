// @vitest-environment node
// Timing only, no pass or fail on speed: cd web && npx vitest bench --run src/lib/playback
// (figures in docs/performance.md, next to Go's BenchmarkNext1000Of200).
import { bench, describe } from 'vitest'
import { nextItems, nowPlaying, startOfLocalDay, type ScheduleEntry } from '.'

const zone = 'America/Sao_Paulo'
const from = Date.parse('2026-03-02T07:00:00-03:00')
/** When the 1,000th item from 07:00 ends, in Go's benchmark too: both walk the same schedule. */
const lastEnd = Date.parse('2026-03-02T12:36:06-03:00')

/**
 * The 200-entry schedule with mixed rules of internal/playback's benchSchedule:
 * windows, overnight windows, weekday masks, past, current and open-ended
 * dates, hourly limits, ad slots with and without a fallback, disabled entries.
 */
function benchSchedule(): ScheduleEntry[] {
  const day = 86_400_000
  const doks = [127, 62, 65, -1]
  const gaps = [null, ['08:00@12:00', '14:00@18:00'], ['22:00@02:00'], ['06:00@23:00'], null]
  return Array.from({ length: 200 }, (_, i): ScheduleEntry => {
    const id = `e${String(i).padStart(3, '0')}`
    if (i % 25 === 24) {
      return { id, isAd: true, adSlots: 1 + (i % 3), adTime: 10, ...(i % 2 === 0 ? { adFallbackMediaId: 'fallback' } : {}) }
    }
    const dok = doks[i % 4] < 0 ? 127 ^ (1 << i % 7) : doks[i % 4]
    const entry: ScheduleEntry = { id, displayTime: 5 + (i % 11) * 3, dok, timeGap: gaps[i % 5], enabled: i % 40 !== 39 }
    if (i % 6 === 0) Object.assign(entry, { startDate: from - 30 * day, endDate: from - day })
    if (i % 6 === 1) Object.assign(entry, { startDate: from - 10 * day, endDate: from - 10 * day + 1000 * 31_556_952_000 })
    if (i % 6 === 2) Object.assign(entry, { startDate: from - day, endDate: from + day })
    if (i % 8 === 0) entry.limitByHour = 2
    return entry
  })
}

const schedule = benchSchedule()

describe('playback rules on a 200-entry schedule', () => {
  bench('the next 1,000 items', () => {
    const items = nextItems(schedule, from, zone, 1000)
    const last = items[999]
    if (last.start + last.duration !== lastEnd) throw new Error(`the 1,000th item ends at ${new Date(last.start + last.duration).toISOString()}`)
  }, { time: 3000 })

  bench('what plays now at 23:59 (a whole day walked from midnight)', () => {
    const moment = Date.parse('2026-03-02T23:59:00-03:00')
    if (!nowPlaying(schedule, moment, zone, startOfLocalDay(moment, zone))) throw new Error('nothing')
  }, { time: 3000 })
})
