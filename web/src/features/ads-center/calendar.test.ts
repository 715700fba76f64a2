// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { AdMapScreen } from './api/types'
import {
  AD_CALENDAR_MESSAGES,
  calendarDays,
  chooseSlot,
  dayEndMs,
  dayKeyAt,
  daysBetween,
  dayStartMs,
  freePositions,
  isDayAvailable,
  nextSelection,
  selectedPeriod,
  selectionPart,
  shownDays,
  shownScreens,
  type AdSelection,
} from './calendar'

const SP = 'America/Sao_Paulo'

function screen(displayId: string, name: string, dayMap: AdMapScreen['dayMap'] = {}, slots: AdMapScreen['slots'] = []): AdMapScreen {
  return { displayId, name, scheduleId: 's1', storeId: 'loja-1', storeName: '', timeZone: SP, slots, dayMap }
}

describe('calendar days', () => {
  it("covers the map's days from today, one key per day", () => {
    const days = calendarDays('20260115', 183)
    expect(days[0]).toBe('20260115')
    expect(days.at(-1)).toBe('20260716')
    expect(days).toHaveLength(183)
    expect(new Set(days).size).toBe(days.length)
  })

  it('handles month ends and leap years', () => {
    expect(calendarDays('20280831', 2)).toEqual(['20280831', '20280901'])
    expect(daysBetween('20280227', '20280301')).toEqual(['20280227', '20280228', '20280229', '20280301'])
  })

  it('puts the two ends of a period in order', () => {
    expect(daysBetween('20260305', '20260303')).toEqual(['20260303', '20260304', '20260305'])
  })

  it("takes today from the franchise's clock, not the browser's", () => {
    // 01:30 UTC on 10 March is still 9 March in São Paulo (UTC−3).
    expect(dayKeyAt(Date.UTC(2026, 2, 10, 1, 30), SP)).toBe('20260309')
  })

  it("books from the first instant of the first day to the last of the last day, in the franchise's zone", () => {
    expect(new Date(dayStartMs('20260310', SP)).toISOString()).toBe('2026-03-10T03:00:00.000Z')
    expect(new Date(dayEndMs('20260312', SP)).toISOString()).toBe('2026-03-13T02:59:59.999Z')
  })
})

describe('availability', () => {
  it.each([
    ['"2.3"', '2.3', 2],
    ['"0.3"', '0.3', 0],
    ['a number', 1.4, 1],
    ['nonsense', 'x', 0],
    ['nothing', undefined, 0],
  ])('free positions of %s', (_case, value, expected) => {
    expect(freePositions(value)).toBe(expected)
  })

  it.each([
    ['no entry for the day', undefined, true],
    ['a day with no slots', {}, true],
    ['one slot with a free position', { '00:00@23:59': '1.2' }, true],
    ['one full slot and one free', { '08:00@12:00': '0.2', '12:00@18:00': '1.1' }, true],
    ['every slot full', { '08:00@12:00': '0.2', '12:00@18:00': '0.1' }, false],
  ])("'Disponível' when %s: %s", (_case, day, expected) => {
    expect(isDayAvailable(day)).toBe(expected)
  })
})

describe('selection rules', () => {
  const start: AdSelection = { displayId: 'tv1', from: '20260310' }
  const range: AdSelection = { displayId: 'tv1', from: '20260310', to: '20260315' }

  it.each<[string, AdSelection, string, string, boolean, AdSelection]>([
    ['the first click on an available day sets the start', null, 'tv1', '20260310', true, start],
    ['an unavailable day cannot be clicked', null, 'tv1', '20260310', false, null],
    ['an unavailable day leaves a started range as it is', start, 'tv1', '20260312', false, start],
    ['a second click on the same screen sets the end', start, 'tv1', '20260315', true, range],
    ['an end before the start puts the two in order', start, 'tv1', '20260305', true, { displayId: 'tv1', from: '20260305', to: '20260310' }],
    ['clicking the same day twice cancels', start, 'tv1', '20260310', true, null],
    ['a click on another screen restarts there', start, 'tv2', '20260320', true, { displayId: 'tv2', from: '20260320' }],
    ['a click after a finished period starts a new one', range, 'tv1', '20260401', true, { displayId: 'tv1', from: '20260401' }],
  ])('%s', (_case, current, displayId, day, available, expected) => {
    expect(nextSelection(current, displayId, day, available)).toEqual(expected)
  })

  describe('a period stops at the first unavailable day', () => {
    // 12 and 14 March are full on tv1.
    const isFree = (day: string) => day !== '20260312' && day !== '20260314'
    it.each<[string, AdSelection, string, AdSelection]>([
      ['forward: it ends the day before the first full day', start, '20260316', { displayId: 'tv1', from: '20260310', to: '20260311', stoppedAt: '20260312' }],
      [
        'backward: it starts the day after the full day nearest the start',
        { displayId: 'tv1', from: '20260316' },
        '20260310',
        { displayId: 'tv1', from: '20260315', to: '20260316', stoppedAt: '20260314' },
      ],
      ['a period with no full day is kept whole', { displayId: 'tv1', from: '20260315' }, '20260320', { displayId: 'tv1', from: '20260315', to: '20260320' }],
      [
        'a full day right after the start leaves the start alone',
        { displayId: 'tv1', from: '20260313' },
        '20260320',
        { displayId: 'tv1', from: '20260313', to: '20260313', stoppedAt: '20260314' },
      ],
    ])('%s', (_case, current, day, expected) => {
      expect(nextSelection(current, 'tv1', day, true, isFree)).toStrictEqual(expected)
    })
  })

  it.each<[string, AdSelection, ReturnType<typeof selectedPeriod>]>([
    ['nothing chosen books nothing', null, null],
    ['a lone first day books that day alone', start, { displayId: 'tv1', from: '20260310', to: '20260310' }],
    ['a finished period books its days', range, { displayId: 'tv1', from: '20260310', to: '20260315' }],
  ])('%s', (_case, selection, expected) => {
    expect(selectedPeriod(selection)).toEqual(expected)
  })

  it('marks the start, the end and the days between, on the selected screen only', () => {
    expect(selectionPart(range, 'tv1', '20260310')).toBe('start')
    expect(selectionPart(range, 'tv1', '20260312')).toBe('between')
    expect(selectionPart(range, 'tv1', '20260315')).toBe('end')
    expect(selectionPart(range, 'tv1', '20260316')).toBeNull()
    expect(selectionPart(range, 'tv2', '20260312')).toBeNull()
    expect(selectionPart(start, 'tv1', '20260311')).toBeNull()
  })
})

describe('filters', () => {
  const days = ['20260310', '20260311', '20260312', '20260313']
  const screens = [
    screen('1', 'Loja Centro TV 1'),
    screen('2', 'Loja Centro TV 2', { '20260311': { '00:00@23:59': '0.1' } }),
    screen('3', 'Shopping Sul'),
  ]

  it('finds screens by a part of the name, without minding case or accents', () => {
    expect(shownScreens(screens, { name: 'centro' }, days).map((s) => s.displayId)).toEqual(['1', '2'])
    expect(shownScreens(screens, { name: 'SHÓPPING' }, days).map((s) => s.displayId)).toEqual(['3'])
  })

  it('with a period, shows its days and only the screens free on every one of them', () => {
    const filter = { name: '', from: '20260311', to: '20260312' }
    const shown = shownDays(days, filter)
    expect(shown).toEqual(['20260311', '20260312'])
    expect(shownScreens(screens, filter, shown).map((s) => s.displayId)).toEqual(['1', '3'])
    expect(shownScreens(screens, { name: '', from: '20260312' }, shownDays(days, { name: '', from: '20260312' })).map((s) => s.displayId)).toEqual([
      '1',
      '2',
      '3',
    ])
  })
})

describe('the slot a booking takes', () => {
  const days = ['20260310', '20260311']
  const morning = { slotId: 'slot-am', keys: ['08:00@12:00'], adSlots: 2, adTime: 15 }
  const allDay = { slotId: 'slot-day', keys: ['00:00@23:59'], adSlots: 1, adTime: 30 }

  it('takes the first slot long enough with a free position on every day', () => {
    const tv = screen('1', 'TV', { '20260311': { '08:00@12:00': '0.2', '00:00@23:59': '1.1' } }, [morning, allDay])
    expect(chooseSlot(tv, days, 10)).toEqual({ slotId: 'slot-day' })
    expect(chooseSlot(screen('1', 'TV', {}, [morning, allDay]), days, 10)).toEqual({ slotId: 'slot-am' })
  })

  it('skips slots shorter than the ad', () => {
    expect(chooseSlot(screen('1', 'TV', {}, [morning, allDay]), days, 20)).toEqual({ slotId: 'slot-day' })
    expect(chooseSlot(screen('1', 'TV', {}, [morning]), days, 20)).toEqual({ error: AD_CALENDAR_MESSAGES.slotTooShort(20, 15) })
  })

  it('says so when no slot is free every day, or the screen has none', () => {
    const dayMap = { '20260310': { '00:00@23:59': '0.1' } }
    expect(chooseSlot(screen('1', 'TV', dayMap, [allDay]), days, 10)).toEqual({ error: AD_CALENDAR_MESSAGES.noFreeSlot })
    expect(chooseSlot(screen('1', 'TV', dayMap, []), days, 10)).toEqual({ error: 'Um ou mais anúncios sem slots definidos.' })
  })
})
