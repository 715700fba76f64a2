// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { ScheduleEntry } from './api/types'
import { testEntry } from './test-entries'
import { filterEntries, isFiltering, NO_FILTER, playsInPeriod, type EntryFilter, type Period } from './entries'

const media = testEntry
const slot: ScheduleEntry = { ...media('slot'), isAd: true, adSlots: 2, adTime: 10, dok: 1, timeGap: ['20:00@21:00'] }

describe('period filter', () => {
  const cases: { name: string; timeGap: string[]; period: Period; shown: boolean }[] = [
    { name: 'an all-day entry shows in the small hours', timeGap: [], period: 'madrugada', shown: true },
    { name: 'an all-day entry shows at night', timeGap: [], period: 'noite', shown: true },
    { name: 'a night-only entry is hidden in the morning', timeGap: ['19:00@22:00'], period: 'manha', shown: false },
    { name: 'a night-only entry shows at night', timeGap: ['19:00@22:00'], period: 'noite', shown: true },
    { name: 'a window ending exactly at 12:00 is not in the afternoon', timeGap: ['08:00@12:00'], period: 'tarde', shown: false },
    { name: 'a window starting at 11:59 is in the morning', timeGap: ['11:59@13:00'], period: 'manha', shown: true },
    { name: 'an overnight window shows in the small hours', timeGap: ['22:00@02:00'], period: 'madrugada', shown: true },
    { name: 'an overnight window is hidden in the afternoon', timeGap: ['22:00@02:00'], period: 'tarde', shown: false },
    { name: 'any of several windows is enough', timeGap: ['01:00@02:00', '13:00@14:00'], period: 'tarde', shown: true },
    { name: 'a window equal at both ends is the whole day', timeGap: ['05:00@05:00'], period: 'tarde', shown: true },
    { name: 'an entry with only unreadable windows never shows', timeGap: ['9:00@10:00'], period: 'manha', shown: false },
  ]
  it.each(cases)('$name', ({ timeGap, period, shown }) => {
    expect(playsInPeriod(media('m', { timeGap }), period)).toBe(shown)
  })

  it('shows an ad slot in every period, whatever it carries', () => {
    expect(playsInPeriod(slot, 'manha')).toBe(true)
  })
})

describe('filterEntries', () => {
  const entries = [
    media('all'),
    media('night', { timeGap: ['19:00@22:00'] }),
    media('weekend', { dok: 0b1000001 }), // Sunday (bit 0) and Saturday (bit 6)
    media('monday-morning', { dok: 0b10, timeGap: ['07:00@09:00'] }),
    slot,
  ]
  const cases: { name: string; filter: EntryFilter; ids: string[] }[] = [
    { name: 'no filter shows everything', filter: NO_FILTER, ids: ['all', 'night', 'weekend', 'monday-morning', 'slot'] },
    { name: 'Manhã hides the night-only entry', filter: { period: 'manha', weekday: 'all' }, ids: ['all', 'weekend', 'monday-morning', 'slot'] },
    { name: 'Domingo reads bit 0', filter: { period: 'all', weekday: 0 }, ids: ['all', 'night', 'weekend', 'slot'] },
    { name: 'Segunda reads bit 1', filter: { period: 'all', weekday: 1 }, ids: ['all', 'night', 'monday-morning', 'slot'] },
    { name: 'Sábado reads bit 6', filter: { period: 'all', weekday: 6 }, ids: ['all', 'night', 'weekend', 'slot'] },
    { name: 'period and weekday combine', filter: { period: 'noite', weekday: 1 }, ids: ['all', 'night', 'slot'] },
  ]
  it.each(cases)('$name', ({ filter, ids }) => {
    expect(filterEntries(entries, filter).map((i) => entries[i].id)).toEqual(ids)
  })

  it('knows when a filter is active', () => {
    expect(isFiltering(NO_FILTER)).toBe(false)
    expect(isFiltering({ period: 'tarde', weekday: 'all' })).toBe(true)
    expect(isFiltering({ period: 'all', weekday: 0 })).toBe(true)
  })
})
