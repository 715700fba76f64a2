// The add/edit media form (spec 2 §2 'Add or edit media in a schedule', §3
// 'Add-media form fields', §4 and §5 'Add-media form'), shared by schedules
// and advertisements: its schema and messages, how an entry fills it, and how
// it becomes entries.
import { format } from 'date-fns'
import { ptBR } from 'date-fns/locale'
import { z } from 'zod'
import { EVERY_DAY, FOREVER_MS, isAdSlot, localTime, parseWindow, startOfLocalDay, windowContains, type TimeWindow } from '@/lib/playback'
import { isWholeNumberIn, typedNumber, validationMessages } from '@/lib/validation'
import type { components } from '@/lib/api-types'
import { sortWindows } from './entries'

type ScheduleEntryInput = components['schemas']['ScheduleEntryInput']

/**
 * What the form edits: a schedule entry or an advertisement's media item,
 * which carry the same rules (the ad's never with an ad slot's fields).
 */
export type EditableEntry = {
  id: string
  name: string
  type?: 'image' | 'video'
  url?: string
  displayTime?: number
  dok?: number
  timeGap?: string[]
  enabled?: boolean
  stretch?: boolean
  startDate?: number
  endDate?: number
  volume?: number
  limitByHour?: number
  isAd?: boolean
  adSlots?: number
  adTime?: number
  adFallbackMediaId?: string
}

/** An entry as the form saves it: one chosen media with the form's rules. */
export type MediaRules = Required<Pick<ScheduleEntryInput, 'id' | 'name' | 'displayTime' | 'dok' | 'enabled' | 'stretch' | 'timeGap' | 'volume'>> &
  Pick<ScheduleEntryInput, 'startDate' | 'endDate' | 'limitByHour'>

/** Bounds of the rules, as the server checks them (internal/schedule). */
export const MAX_DISPLAY_TIME = 86400
export const MAX_LIMIT_BY_HOUR = 3600

/** The form's messages; the rules' are the server's words (internal/schedule/entries.go). */
export const MEDIA_FORM_MESSAGES = {
  required: validationMessages.required,
  /** The spec's words for an empty or zero time. */
  positive: 'Deve ser maior que 0',
  displayTime: `O tempo de exibição deve ser um número inteiro de 1 a ${MAX_DISPLAY_TIME} segundos.`,
  limitByHour: `O limite de inserções por hora deve ser um número inteiro de 0 a ${MAX_LIMIT_BY_HOUR} (0 = sem limite).`,
  noWeekday: 'Selecione pelo menos um dia da semana.',
  schedule: 'Selecione uma programação',
  media: 'Selecione pelo menos uma mídia',
} as const

const windowText = (gap: string) => gap.replace('@', ' às ')

/** A window that starts and ends at the same minute: it reads as empty but plays all day. */
export const sameMinuteMessage = (gap: string) =>
  `A faixa de horário ${windowText(gap)} começa e termina no mesmo horário. Escolha um horário final diferente do inicial; para exibir o dia todo, não adicione faixas.`

/** Two windows sharing a minute, in the order of the day. */
export const overlapMessage = (a: string, b: string) => `As faixas de horário ${windowText(a)} e ${windowText(b)} se sobrepõem. Ajuste os horários ou use uma só faixa.`

function overlaps(a: TimeWindow, b: TimeWindow): boolean {
  for (let minute = 0; minute < 24 * 60; minute++) if (windowContains(a, minute) && windowContains(b, minute)) return true
  return false
}

/**
 * What is wrong with the windows, as the server says it: a window that
 * starts and ends at the same minute, or two that overlap (refused, not
 * merged: docs/schedules.md). Null when they are fine.
 */
export function timeGapProblem(timeGap: readonly string[]): string | null {
  const sorted = sortWindows(timeGap)
  const windows = sorted.map((gap) => parseWindow(gap))
  for (let i = 0; i < sorted.length; i++) {
    const w = windows[i]
    if (w && w.start === w.end) return sameMinuteMessage(sorted[i])
  }
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      const a = windows[i]
      const b = windows[j]
      if (a && b && overlaps(a, b)) return overlapMessage(sorted[i], sorted[j])
    }
  }
  return null
}

/** 'Adicionar Faixa de Horário': the windows with the new one, in the order of the day, or why it cannot go in. */
export function addWindow(timeGap: readonly string[], gap: string): { timeGap: string[] } | { error: string } {
  const next = sortWindows([...timeGap, gap])
  const problem = timeGapProblem(next)
  return problem ? { error: problem } : { timeGap: next }
}

/** 'Sem data para acabar': the end is the start plus 1000 years (spec 2 §4, §9). */
export const NO_END_YEARS = 1000

/** A media as the form keeps it: enough to show a chip and build an entry. */
export type ChosenMedia = {
  id: string
  name: string
  type?: 'image' | 'video'
  url?: string
  displayTime?: number
  volume?: number
  limitByHour?: number
}

/**
 * What the form asks of its media picker ('Selecionar Arquivos de Mídia'):
 * the library belongs to the media feature, so the page hands the picker in.
 */
export type MediaPickerProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string
  /** 'Múltiplas imagens': only images, several can be toggled. */
  multiple: boolean
  onSelect: (media: ChosenMedia[]) => void
}

export const mediaFormSchema = z
  .object({
    scheduleId: z.string(),
    name: z.string(),
    /** The texts as typed: the rules below refuse '1.5', '-3', '1e2', never rewrite them. */
    displayTime: z.string(),
    volume: z.number().min(0).max(1),
    limitByHour: z.string(),
    dok: z.number(),
    timeGap: z.array(z.string()),
    mediaSelected: z.array(z.custom<ChosenMedia>()),
    multipleImages: z.boolean(),
    showAdvancedOptions: z.boolean(),
    dateMode: z.enum(['single', 'range']),
    /** Local days 'yyyy-MM-dd' in the franchise's zone; `to` only in range mode. */
    date: z.object({ from: z.string(), to: z.string() }),
    mediaInitGap: z.string(),
    mediaEndGap: z.string(),
  })
  .superRefine((values, ctx) => {
    if (!values.scheduleId) ctx.addIssue({ code: 'custom', path: ['scheduleId'], message: MEDIA_FORM_MESSAGES.schedule })
    if (values.mediaSelected.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['mediaSelected'], message: MEDIA_FORM_MESSAGES.media })
      return
    }
    if (!values.name.trim()) ctx.addIssue({ code: 'custom', path: ['name'], message: MEDIA_FORM_MESSAGES.required })
    if (!isWholeNumberIn(values.displayTime, 1, MAX_DISPLAY_TIME)) {
      // Empty, zero or below: the spec's 'Deve ser maior que 0'; a fraction, too big or not a number: the rule's words.
      const seconds = values.displayTime.trim() === '' ? 0 : typedNumber(values.displayTime)
      const message = seconds <= 0 ? MEDIA_FORM_MESSAGES.positive : MEDIA_FORM_MESSAGES.displayTime
      ctx.addIssue({ code: 'custom', path: ['displayTime'], message })
    }
    // The rules below are saved only with the advanced options on.
    if (!values.showAdvancedOptions) return
    // Empty is no limit (as 0).
    if (values.limitByHour.trim() !== '' && !isWholeNumberIn(values.limitByHour, 0, MAX_LIMIT_BY_HOUR)) {
      ctx.addIssue({ code: 'custom', path: ['limitByHour'], message: MEDIA_FORM_MESSAGES.limitByHour })
    }
    if ((values.dok & EVERY_DAY) === 0) ctx.addIssue({ code: 'custom', path: ['dok'], message: MEDIA_FORM_MESSAGES.noWeekday })
    const windows = timeGapProblem(values.timeGap)
    if (windows) ctx.addIssue({ code: 'custom', path: ['timeGap'], message: windows })
  })

export type MediaFormValues = z.infer<typeof mediaFormSchema>

/** A checked whole number's text to the number; empty is 0. */
export const toInt = (value: string) => (value.trim() === '' ? 0 : Number(value.trim()))

export function emptyMediaForm(scheduleId = ''): MediaFormValues {
  return {
    scheduleId,
    name: '',
    displayTime: '',
    volume: 0,
    limitByHour: '',
    dok: EVERY_DAY,
    timeGap: [],
    mediaSelected: [],
    multipleImages: false,
    showAdvancedOptions: false,
    dateMode: 'range',
    date: { from: '', to: '' },
    mediaInitGap: '',
    mediaEndGap: '',
  }
}

/**
 * Choosing media fills name, display time, volume and hourly limit from the
 * first one; `displayTime`, when given (an advertisement's), is the display
 * time instead of the media's own.
 */
export function withChosenMedia(values: MediaFormValues, chosen: ChosenMedia[], displayTime?: number): MediaFormValues {
  const first = chosen[0]
  if (!first) return { ...values, mediaSelected: [] }
  const seconds = displayTime ?? first.displayTime
  return {
    ...values,
    mediaSelected: chosen,
    name: first.name,
    displayTime: seconds ? String(seconds) : '',
    volume: first.type === 'image' ? 0 : (first.volume ?? 0),
    limitByHour: first.limitByHour ? String(first.limitByHour) : '',
  }
}

/** Toggling a weekday flips its bit (bit 0 = Sunday). */
export const toggleWeekday = (dok: number, bit: number) => dok ^ (1 << bit)

/** A window 'HH:MM@HH:MM' from the two time inputs. */
export const timeGapOf = (start: string, end: string) => `${start}@${end}`

/** 'yyyy-MM-dd' of the local day holding `moment`. */
export function localDay(moment: number, timeZone: string): string {
  const t = localTime(moment, timeZone)
  return `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`
}

/**
 * The calendar's date of a day 'yyyy-MM-dd' (midnight in the browser, which
 * only shows it: the zone of the stored instants is applied by dayStart and
 * dayEnd). Empty: no date.
 */
export function calendarDate(day: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y, m - 1, d)
}

/** The day 'yyyy-MM-dd' the operator picked in the calendar. */
export const calendarDay = (date: Date | undefined) => (date ? format(date, 'yyyy-MM-dd') : '')

/** A day as the date picker shows it: 'd MMMM yyyy' in pt-BR (spec 2 §2). */
export const dayLabel = (day: string) => {
  const date = calendarDate(day)
  return date ? format(date, 'd MMMM yyyy', { locale: ptBR }) : ''
}

/**
 * The date picker's text: the day in single mode ('Sem data para acabar'),
 * 'first - last' in range mode (one day when they are the same or the last is
 * not picked yet); empty when nothing is chosen.
 */
export function dateText({ dateMode, date }: Pick<MediaFormValues, 'dateMode' | 'date'>): string {
  const { from, to } = date
  if (!from) return ''
  if (dateMode === 'single' || !to || to === from) return dayLabel(from)
  return `${dayLabel(from)} - ${dayLabel(to)}`
}

/** The first instant of a local day 'yyyy-MM-dd' in the zone. */
export function dayStart(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number)
  // Noon UTC falls on the same calendar day in every zone within ±11 h.
  return startOfLocalDay(Date.UTC(y, m - 1, d, 12), timeZone)
}

/** The last millisecond of a local day. */
export function dayEnd(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number)
  return startOfLocalDay(Date.UTC(y, m - 1, d + 1, 12), timeZone) - 1
}

/** startDate plus 1000 calendar years (what 'no end' is stored as). */
export function noEndOf(startDate: number): number {
  const end = new Date(startDate)
  end.setUTCFullYear(end.getUTCFullYear() + NO_END_YEARS)
  return end.getTime()
}

/**
 * The dates of the entry: single mode starts on the chosen day and has no end
 * (start + 1000 years); range mode runs from the first day's start to the end
 * of the last day. No day chosen: no dates.
 */
export function entryDates(values: Pick<MediaFormValues, 'dateMode' | 'date'>, timeZone: string): { startDate?: number; endDate?: number } {
  const { from, to } = values.date
  if (!from) return {}
  const startDate = dayStart(from, timeZone)
  if (values.dateMode === 'single') return { startDate, endDate: noEndOf(startDate) }
  return { startDate, endDate: dayEnd(to || from, timeZone) }
}

/** The entries the form saves: one per chosen media, all with the same settings. */
export function formEntries(values: MediaFormValues, timeZone: string, previous?: EditableEntry): MediaRules[] {
  const displayTime = toInt(values.displayTime)
  const limitByHour = values.limitByHour.trim() === '' ? undefined : toInt(values.limitByHour)
  const dates = values.showAdvancedOptions ? entryDates(values, timeZone) : {}
  const single = values.mediaSelected.length === 1
  return values.mediaSelected.map((media) => ({
    id: media.id,
    name: single ? values.name.trim() : media.name,
    displayTime,
    dok: values.showAdvancedOptions ? values.dok : EVERY_DAY,
    enabled: previous?.enabled ?? true,
    stretch: previous?.stretch ?? false,
    ...dates,
    timeGap: values.showAdvancedOptions ? sortWindows(values.timeGap) : [],
    ...(limitByHour !== undefined && values.showAdvancedOptions ? { limitByHour } : {}),
    volume: media.type === 'image' ? 0 : values.volume,
  }))
}

/**
 * The form filled from a stored entry, advanced options open; a period of
 * 1000 days or more is single-date mode. An ad slot: name 'Slot', adSlots × adTime.
 */
export function formFromEntry(entry: EditableEntry, scheduleId: string, timeZone: string): MediaFormValues {
  const base = emptyMediaForm(scheduleId)
  if (isAdSlot(entry)) {
    return { ...base, name: 'Slot', displayTime: String((entry.adSlots ?? 0) * (entry.adTime ?? 0)) }
  }
  const { startDate, endDate } = entry
  const forever = !!startDate && !!endDate && endDate - startDate >= FOREVER_MS
  const date = startDate
    ? { from: localDay(startDate, timeZone), to: !forever && endDate ? localDay(endDate, timeZone) : '' }
    : { from: '', to: '' }
  return {
    ...base,
    name: entry.name,
    displayTime: entry.displayTime && entry.displayTime > 0 ? String(entry.displayTime) : '',
    volume: entry.type === 'image' ? 0 : (entry.volume ?? 0),
    limitByHour: entry.limitByHour ? String(entry.limitByHour) : '',
    dok: entry.dok ?? EVERY_DAY,
    timeGap: entry.timeGap ?? [],
    mediaSelected: [
      { id: entry.id, name: entry.name, type: entry.type, url: entry.url, displayTime: entry.displayTime, volume: entry.volume, limitByHour: entry.limitByHour },
    ],
    showAdvancedOptions: true,
    dateMode: forever ? 'single' : 'range',
    date,
  }
}

/** A booked period (an advertisement's), epoch ms of its first and last instants. */
export type BookedPeriod = { startAt: number; endsAt: number }

/** 'dd/MM/yyyy' of the local day holding `moment`. */
function shortDay(moment: number, timeZone: string): string {
  const [y, m, d] = localDay(moment, timeZone).split('-')
  return `${d}/${m}/${y}`
}

/**
 * Why dates chosen in the form would never play in an advertisement's
 * booked period (the server's words, without the row): null when they
 * overlap it, or when no date is chosen.
 */
export function outsidePeriodProblem(dates: { startDate?: number; endDate?: number }, period: BookedPeriod, timeZone: string): string | null {
  const { startDate = 0, endDate = 0 } = dates
  // Both name calendar days in the group's zone: compared as days, as the server does.
  const before = endDate > 0 && localDay(endDate, timeZone) < localDay(period.startAt, timeZone)
  const after = startDate > 0 && localDay(startDate, timeZone) > localDay(period.endsAt, timeZone)
  if (!before && !after) return null
  const day = (ms: number) => shortDay(ms, timeZone)
  const text =
    startDate > 0 && endDate > 0 && endDate - startDate < (NO_END_YEARS / 2) * 365.25 * 86_400_000
      ? `${day(startDate)} a ${day(endDate)}`
      : startDate > 0
        ? `a partir de ${day(startDate)}`
        : `até ${day(endDate)}`
  return `As datas da mídia (${text}) ficam fora do período contratado do anúncio (${day(period.startAt)} a ${day(period.endsAt)}), então ela nunca seria exibida. Ajuste as datas da mídia para dentro desse período ou deixe-as em branco.`
}
