import { describe, expect, it } from 'vitest'
import type { ScheduleEntry } from './api/types'
import {
  calendarDate,
  calendarDay,
  dateText,
  dayEnd,
  dayStart,
  emptyMediaForm,
  entryDates,
  formEntries,
  formFromEntry,
  mediaFormSchema,
  noEndOf,
  onlyDigits,
  savedList,
  toggleWeekday,
  withChosenMedia,
  type ChosenMedia,
  type MediaFormValues,
} from './media-form'

const TZ = 'America/Sao_Paulo'
const image: ChosenMedia = { id: 'img-1', name: 'Promo', type: 'image', displayTime: 0, volume: 0, limitByHour: 0 }
const image2: ChosenMedia = { id: 'img-2', name: 'Cartaz', type: 'image', displayTime: 0, volume: 0, limitByHour: 0 }
const video: ChosenMedia = { id: 'vid-1', name: 'Filme', type: 'video', displayTime: 30, volume: 0.5, limitByHour: 4 }

const filled = (patch: Partial<MediaFormValues> = {}): MediaFormValues => ({
  ...withChosenMedia(emptyMediaForm('s1'), [image]),
  displayTime: '15',
  ...patch,
})

const messages = (values: MediaFormValues) => {
  const result = mediaFormSchema.safeParse(values)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

const entry = (patch: Partial<ScheduleEntry>): ScheduleEntry => ({
  id: 'e',
  name: 'E',
  type: 'image',
  displayTime: 10,
  dok: 127,
  enabled: true,
  stretch: false,
  timeGap: [],
  volume: 0,
  ...patch,
})

describe('add-media form validation', () => {
  it.each<[string, MediaFormValues, Record<string, string>]>([
    ['a filled form passes', filled(), {}],
    ['no schedule: Selecione uma programação', filled({ scheduleId: '' }), { scheduleId: 'Selecione uma programação' }],
    ['no media: Selecione pelo menos uma mídia', emptyMediaForm('s1'), { mediaSelected: 'Selecione pelo menos uma mídia' }],
    ['media without a name: Campo obrigatório', filled({ name: '  ' }), { name: 'Campo obrigatório' }],
    ['empty display time is 0: Deve ser maior que 0', filled({ displayTime: '' }), { displayTime: 'Deve ser maior que 0' }],
    ['display time 0: Deve ser maior que 0', filled({ displayTime: '0' }), { displayTime: 'Deve ser maior que 0' }],
  ])('%s', (_name, values, expected) => {
    expect(messages(values)).toEqual(expected)
  })

  it('keeps only digits of what is typed', () => {
    expect(onlyDigits('1a5,')).toBe('15')
  })
})

describe('choosing media', () => {
  it('fills name, display time, volume and hourly limit from the first one', () => {
    const values = withChosenMedia(emptyMediaForm('s1'), [video, image])
    expect(values).toMatchObject({ name: 'Filme', displayTime: '30', volume: 0.5, limitByHour: '4' })
  })

  it("an advertisement's display time, when given, is the one filled in", () => {
    expect(withChosenMedia(emptyMediaForm('ad1'), [video], 20)).toMatchObject({ name: 'Filme', displayTime: '20', volume: 0.5 })
    expect(withChosenMedia(emptyMediaForm('ad1'), [image], 20)).toMatchObject({ displayTime: '20' })
  })

  it('an image has volume 0 and no display time to start with', () => {
    expect(withChosenMedia(emptyMediaForm('s1'), [image])).toMatchObject({ name: 'Promo', displayTime: '', volume: 0 })
  })

  it('toggling a weekday flips its bit', () => {
    expect(toggleWeekday(127, 0)).toBe(126)
    expect(toggleWeekday(126, 0)).toBe(127)
  })
})

describe('dates', () => {
  it('range mode runs from the first day start to the end of the last day, in the franchise zone', () => {
    const { startDate, endDate } = entryDates({ dateMode: 'range', date: { from: '2026-12-01', to: '2026-12-10' } }, TZ)
    expect(startDate).toBe(Date.parse('2026-12-01T00:00:00-03:00'))
    expect(endDate).toBe(Date.parse('2026-12-11T00:00:00-03:00') - 1)
  })

  it('single mode (no end) ends 1000 years after the start', () => {
    const { startDate, endDate } = entryDates({ dateMode: 'single', date: { from: '2026-12-01', to: '' } }, TZ)
    expect(startDate).toBe(dayStart('2026-12-01', TZ))
    expect(new Date(endDate!).getUTCFullYear()).toBe(3026)
    expect(endDate).toBe(noEndOf(startDate!))
  })

  it('no day chosen: no dates', () => {
    expect(entryDates({ dateMode: 'range', date: { from: '', to: '' } }, TZ)).toEqual({})
  })

  it('a day end is one millisecond before the next day start', () => {
    expect(dayEnd('2026-12-31', TZ) + 1).toBe(dayStart('2027-01-01', TZ))
  })
})

describe('entries saved', () => {
  const current = [entry({ id: 'a', name: 'A' }), entry({ id: 'b', name: 'B' }), entry({ id: 'c', name: 'C' })]

  it('a new entry goes to the start of the list', () => {
    const list = savedList(current, [{ id: 'n', name: 'N' }])
    expect(list.map((e) => e.id)).toEqual(['n', 'a', 'b', 'c'])
  })

  it('an edit replaces the entry at its index, with several when several were chosen', () => {
    expect(savedList(current, [{ id: 'x' }], 1).map((e) => e.id)).toEqual(['a', 'x', 'c'])
    expect(savedList(current, [{ id: 'x' }, { id: 'y' }], 1).map((e) => e.id)).toEqual(['a', 'x', 'y', 'c'])
  })

  it('several images get the same settings, their own names, and volume 0', () => {
    const values = { ...withChosenMedia(emptyMediaForm('s1'), [image, image2]), displayTime: '12', volume: 0.7, multipleImages: true }
    const entries = formEntries(values, TZ)
    expect(entries).toHaveLength(2)
    expect(entries.map((e) => [e.id, e.name, e.displayTime, e.volume, e.enabled, e.stretch])).toEqual([
      ['img-1', 'Promo', 12, 0, true, false],
      ['img-2', 'Cartaz', 12, 0, true, false],
    ])
  })

  it('a video keeps its volume; advanced options give weekdays, windows and the hourly limit', () => {
    const values = {
      ...withChosenMedia(emptyMediaForm('s1'), [video]),
      showAdvancedOptions: true,
      dok: 0b0111110,
      timeGap: ['22:00@05:00'],
      limitByHour: '5',
    }
    expect(formEntries(values, TZ)[0]).toMatchObject({ volume: 0.5, dok: 62, timeGap: ['22:00@05:00'], limitByHour: 5, displayTime: 30 })
  })
})

describe('editing pre-fills the form', () => {
  it('opens the advanced options and fills every field', () => {
    const start = dayStart('2026-12-01', TZ)
    const end = dayEnd('2026-12-10', TZ)
    const values = formFromEntry(
      entry({ id: 'v', name: 'Filme', type: 'video', displayTime: 20, volume: 0.3, limitByHour: 2, dok: 62, timeGap: ['08:00@12:00'], startDate: start, endDate: end }),
      's1',
      TZ,
    )
    expect(values).toMatchObject({
      showAdvancedOptions: true,
      dateMode: 'range',
      date: { from: '2026-12-01', to: '2026-12-10' },
      name: 'Filme',
      displayTime: '20',
      volume: 0.3,
      limitByHour: '2',
      dok: 62,
      timeGap: ['08:00@12:00'],
    })
    expect(values.mediaSelected.map((m) => m.id)).toEqual(['v'])
  })

  it('a period of 1000 days or more becomes single-date mode', () => {
    const start = dayStart('2026-12-01', TZ)
    expect(formFromEntry(entry({ startDate: start, endDate: start + 1000 * 86_400_000 }), 's1', TZ)).toMatchObject({
      dateMode: 'single',
      date: { from: '2026-12-01', to: '' },
    })
    expect(formFromEntry(entry({ startDate: start, endDate: start + 999 * 86_400_000 }), 's1', TZ).dateMode).toBe('range')
  })

  it('an ad slot resets to name Slot and adSlots × adTime', () => {
    expect(formFromEntry(entry({ isAd: true, adSlots: 3, adTime: 10 }), 's1', TZ)).toMatchObject({ name: 'Slot', displayTime: '30' })
  })
})

describe('the date picker: calendar days and the trigger text', () => {
  it('a day is the calendar date at local midnight, and back', () => {
    const date = calendarDate('2030-02-05')
    expect(date && [date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2030, 1, 5, 0])
    expect(calendarDay(date)).toBe('2030-02-05')
    expect(calendarDate('')).toBeUndefined()
    expect(calendarDay(undefined)).toBe('')
  })

  it("reads 'd MMMM yyyy' in pt-BR: one day in single mode, 'first - last' in range mode", () => {
    expect(dateText({ dateMode: 'range', date: { from: '', to: '' } })).toBe('')
    expect(dateText({ dateMode: 'single', date: { from: '2030-01-01', to: '' } })).toBe('1 janeiro 2030')
    expect(dateText({ dateMode: 'range', date: { from: '2030-01-25', to: '2030-02-05' } })).toBe('25 janeiro 2030 - 5 fevereiro 2030')
    expect(dateText({ dateMode: 'range', date: { from: '2030-03-02', to: '2030-03-02' } })).toBe('2 março 2030')
    // The last day not picked yet: the first one alone.
    expect(dateText({ dateMode: 'range', date: { from: '2030-12-31', to: '' } })).toBe('31 dezembro 2030')
  })
})
