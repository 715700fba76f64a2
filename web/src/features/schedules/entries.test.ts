// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { displaySeconds, moveEntry, typeLabel, weekdays, windowsLabel } from '@/components/media-entries/entries'
import type { ScheduleEntry } from './api/types'
import { testEntry } from './test-entries'
import { savedList, toEntryInput, withoutIndexes, withSlotChanged } from './entries'

const media = testEntry
const slot: ScheduleEntry = { id: 's', name: 'Slot', displayTime: 30, dok: 127, enabled: true, stretch: false, timeGap: [], volume: 0, isAd: true, adSlots: 3, adTime: 10 }

describe('entries', () => {
  it('sends back the rules without what the library adds', () => {
    expect(toEntryInput(media('a', { timeGap: ['22:00@02:00'] }))).toEqual({
      id: 'a', name: 'a', displayTime: 10, dok: 127, enabled: true, stretch: false, timeGap: ['22:00@02:00'], volume: 0,
    })
  })

  it('leaves out a display time of 0, which the server refuses', () => {
    expect(toEntryInput(media('a', { displayTime: 0 }))).not.toHaveProperty('displayTime')
  })

  it('drops the selected positions, keeping repeated media elsewhere', () => {
    const list = [media('a'), media('b'), media('a')]
    expect(withoutIndexes(list, new Set([0])).map((e) => e.id)).toEqual(['b', 'a'])
  })

  it('moves an entry', () => {
    expect(moveEntry(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
    expect(moveEntry(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
  })

  it('reads weekdays Sunday first', () => {
    expect(weekdays(media('a', { dok: 0b1000001 }))).toEqual([true, false, false, false, false, false, true])
    expect(weekdays(slot).every(Boolean)).toBe(true)
  })

  it('labels windows, type and time', () => {
    expect(windowsLabel(media('a'))).toBe('Dia todo')
    expect(windowsLabel(media('a', { timeGap: ['08:00@12:00', '22:00@02:00'] }))).toBe('08:00 às 12:00, 22:00 às 02:00')
    expect(typeLabel(slot)).toBe('Slot')
    expect(typeLabel(media('v', { type: 'video' }))).toBe('Vídeo')
    expect(displaySeconds(slot)).toBe(30)
    expect(displaySeconds(media('a', { displayTime: 0 }))).toBe(10)
  })

  it('lists windows in the order of the day', () => {
    expect(windowsLabel(media('a', { timeGap: ['18:00@20:00', '08:00@09:00'] }))).toBe('08:00 às 09:00, 18:00 às 20:00')
  })

  it('shows a stored window that starts where it ends as what it plays: all day', () => {
    expect(windowsLabel(media('a', { timeGap: ['15:00@15:00'] }))).toBe('Dia todo (15:00 às 15:00)')
    expect(windowsLabel(media('a', { timeGap: ['08:00@09:00', '15:00@15:00'] }))).toBe('Dia todo (15:00 às 15:00)')
  })

  it("changes a slot's positions, seconds and fallback, leaving the rest as it was", () => {
    const list = [media('a'), { ...slot, adFallbackMediaId: 'old' }]
    expect(withSlotChanged(list, 1, { quantity: 2, duration: 15, adFallbackMediaId: '' })).toEqual([
      toEntryInput(media('a')),
      { id: 's', name: 'Slot', dok: 127, enabled: true, stretch: false, timeGap: [], volume: 0, isAd: true, adSlots: 2, adTime: 15 },
    ])
    expect(withSlotChanged(list, 1, { quantity: 2, duration: 15, adFallbackMediaId: 'm9' })[1]).toMatchObject({ adFallbackMediaId: 'm9' })
  })
})

describe('entries saved by the add/edit media form', () => {
  const current = [testEntry('a'), testEntry('b'), testEntry('c')]

  it('a new entry goes to the start of the list', () => {
    const list = savedList(current, [{ id: 'n', name: 'N' }])
    expect(list.map((e) => e.id)).toEqual(['n', 'a', 'b', 'c'])
  })

  it('an edit replaces the entry at its index, with several when several were chosen', () => {
    expect(savedList(current, [{ id: 'x' }], 1).map((e) => e.id)).toEqual(['a', 'x', 'c'])
    expect(savedList(current, [{ id: 'x' }, { id: 'y' }], 1).map((e) => e.id)).toEqual(['a', 'x', 'y', 'c'])
  })
})
