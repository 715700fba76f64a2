// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { components } from '@/lib/api-types'
import {
  addWindow,
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
  outsidePeriodProblem,
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

const advanced = (patch: Partial<MediaFormValues> = {}) => filled({ showAdvancedOptions: true, ...patch })
const DISPLAY_TIME = 'O tempo de exibição deve ser um número inteiro de 1 a 86400 segundos.'
const LIMIT = 'O limite de inserções por hora deve ser um número inteiro de 0 a 3600 (0 = sem limite).'

const messages = (values: MediaFormValues) => {
  const result = mediaFormSchema.safeParse(values)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

type ScheduleEntry = components['schemas']['ScheduleEntry']

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
    ['display time 123456789012, above the bounds', filled({ displayTime: '123456789012' }), { displayTime: DISPLAY_TIME }],
    ['display time 86400 is the most', filled({ displayTime: '86400' }), {}],
    ['display time 1.5, not a whole number', filled({ displayTime: '1.5' }), { displayTime: DISPLAY_TIME }],
    ['display time 1,5, not a whole number', filled({ displayTime: '1,5' }), { displayTime: DISPLAY_TIME }],
    ['display time -3: Deve ser maior que 0', filled({ displayTime: '-3' }), { displayTime: 'Deve ser maior que 0' }],
    ['display time 1e2, not read as 100', filled({ displayTime: '1e2' }), { displayTime: DISPLAY_TIME }],
    ['display time abc', filled({ displayTime: 'abc' }), { displayTime: DISPLAY_TIME }],
    ['display time typed with spaces around', filled({ displayTime: ' 15 ' }), {}],
    ['no weekday: Selecione pelo menos um dia da semana.', advanced({ dok: 0 }), { dok: 'Selecione pelo menos um dia da semana.' }],
    ['no weekday without the advanced options is not saved, so not refused', filled({ dok: 0 }), {}],
    ['an hourly limit above 3600', advanced({ limitByHour: '3601' }), { limitByHour: LIMIT }],
    ['an hourly limit of 1.5, not turned into 15', advanced({ limitByHour: '1.5' }), { limitByHour: LIMIT }],
    ['an hourly limit of -3, not turned into 3', advanced({ limitByHour: '-3' }), { limitByHour: LIMIT }],
    ['an hourly limit of 1e2', advanced({ limitByHour: '1e2' }), { limitByHour: LIMIT }],
    ['an hourly limit of abc', advanced({ limitByHour: 'abc' }), { limitByHour: LIMIT }],
    ['an empty hourly limit is no limit', advanced({ limitByHour: '' }), {}],
    ['an hourly limit of 0 is no limit', advanced({ limitByHour: '0' }), {}],
    ['an hourly limit of 3600 is the most', advanced({ limitByHour: '3600' }), {}],
    ['a stored window that starts and ends at the same minute', advanced({ timeGap: ['15:00@15:00'] }), {
      timeGap: 'A faixa de horário 15:00 às 15:00 começa e termina no mesmo horário. Escolha um horário final diferente do inicial; para exibir o dia todo, não adicione faixas.',
    }],
    ['stored overlapping windows, named in the order of the day', advanced({ timeGap: ['11:00@14:00', '08:00@12:00'] }), {
      timeGap: 'As faixas de horário 08:00 às 12:00 e 11:00 às 14:00 se sobrepõem. Ajuste os horários ou use uma só faixa.',
    }],
  ])('%s', (_name, values, expected) => {
    expect(messages(values)).toEqual(expected)
  })

  it('saves the numbers as typed, trimmed', () => {
    const [saved] = formEntries(advanced({ displayTime: ' 20 ', limitByHour: '4' }), TZ)
    expect(saved).toMatchObject({ displayTime: 20, limitByHour: 4 })
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

describe('time windows', () => {
  it('a new range goes in the order of the day', () => {
    expect(addWindow(['18:00@20:00', '08:00@09:00'], '12:00@13:00')).toEqual({ timeGap: ['08:00@09:00', '12:00@13:00', '18:00@20:00'] })
  })

  it('ranges that only touch are fine (the end is exclusive)', () => {
    expect(addWindow(['08:00@09:00'], '09:00@12:00')).toEqual({ timeGap: ['08:00@09:00', '09:00@12:00'] })
  })

  it.each([
    ['a range that starts where it ends', [], '15:00@15:00', 'A faixa de horário 15:00 às 15:00 começa e termina no mesmo horário'],
    ['a range over another', ['08:00@12:00'], '11:00@14:00', 'As faixas de horário 08:00 às 12:00 e 11:00 às 14:00 se sobrepõem.'],
    ['a morning range inside an overnight one', ['22:00@02:00'], '01:00@03:00', 'As faixas de horário 01:00 às 03:00 e 22:00 às 02:00 se sobrepõem.'],
  ])('%s is refused', (_name, current, added, message) => {
    const result = addWindow(current, added)
    expect('error' in result && result.error).toContain(message)
  })

  it('saves the windows sorted', () => {
    const [saved] = formEntries(advanced({ timeGap: ['18:00@20:00', '08:00@09:00'] }), TZ)
    expect(saved.timeGap).toEqual(['08:00@09:00', '18:00@20:00'])
  })
})

describe("an advertisement's booked period", () => {
  const period = { startAt: dayStart('2027-03-10', TZ), endsAt: dayEnd('2027-03-20', TZ) }
  it('dates entirely before or after it would never play, and say so with both periods', () => {
    expect(outsidePeriodProblem({ startDate: dayStart('2027-03-01', TZ), endDate: dayEnd('2027-03-05', TZ) }, period, TZ)).toBe(
      'As datas da mídia (01/03/2027 a 05/03/2027) ficam fora do período contratado do anúncio (10/03/2027 a 20/03/2027), então ela nunca seria exibida. Ajuste as datas da mídia para dentro desse período ou deixe-as em branco.',
    )
    const noEnd = dayStart('2027-04-01', TZ)
    expect(outsidePeriodProblem({ startDate: noEnd, endDate: noEndOf(noEnd) }, period, TZ)).toContain('(a partir de 01/04/2027)')
  })

  it('dates that overlap it, or no dates, are fine', () => {
    expect(outsidePeriodProblem({ startDate: dayStart('2027-03-01', TZ), endDate: dayEnd('2027-03-10', TZ) }, period, TZ)).toBeNull()
    expect(outsidePeriodProblem({}, period, TZ)).toBeNull()
  })

  it('compares days in the group’s zone, in São Paulo and in Rio Branco alike', () => {
    for (const zone of ['America/Sao_Paulo', 'America/Rio_Branco']) {
      const booked = { startAt: dayStart('2027-03-10', zone), endsAt: dayEnd('2027-03-20', zone) }
      expect(outsidePeriodProblem({ startDate: dayStart('2027-03-01', zone), endDate: dayStart('2027-03-10', zone) - 1 }, booked, zone), zone).toContain('(01/03/2027 a 09/03/2027)')
      expect(outsidePeriodProblem({ startDate: dayStart('2027-03-01', zone), endDate: dayStart('2027-03-10', zone) }, booked, zone), zone).toBeNull()
      expect(outsidePeriodProblem({ startDate: dayEnd('2027-03-20', zone), endDate: dayEnd('2027-03-22', zone) }, booked, zone), zone).toBeNull()
      expect(outsidePeriodProblem({ startDate: dayStart('2027-03-21', zone), endDate: dayEnd('2027-03-21', zone) }, booked, zone), zone).toContain('(21/03/2027 a 21/03/2027)')
    }
  })
})
