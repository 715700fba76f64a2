// The ad calendar (spec 2 §4 'Ad calendar', DESIGN.md "Ad slots"): days,
// availability, the selection of a period on one screen, and the slot a
// booking takes. Days are 'yyyyMMdd' keys of the franchise's local calendar,
// as the ad map gives them (from today, for 6 months).
import { messageForCode } from '@/lib/errors'
import { foldName } from '@/lib/name-order'
import { localTime, startOfLocalDay } from '@/lib/playback'
import type { AdDay, AdMapScreen } from './api/types'

export const AD_CALENDAR_MESSAGES = {
  noSelection: 'Selecione o dia ou o período do anúncio em uma tela.',
  noSchedule: 'Você precisa vincular uma programação para continuar.',
  noFreeSlot: 'Esta tela não tem vaga livre em todos os dias escolhidos.',
  /** 100106 'Um ou mais anúncios sem slots definidos.' */
  noSlots: messageForCode(100106),
  slotTooShort: (displayTime: number, longest: number) =>
    `O tempo de exibição do anúncio (${displayTime}s) é maior que o da vaga desta tela (${longest}s).`,
} as const

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** 'yyyyMMdd' of a calendar date (month 1 to 12; day may overflow, as in Date.UTC). */
export function dayKey(year: number, month: number, day: number) {
  const date = new Date(Date.UTC(year, month - 1, day))
  return `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`
}

export function parseDayKey(key: string) {
  return { year: Number(key.slice(0, 4)), month: Number(key.slice(4, 6)), day: Number(key.slice(6, 8)) }
}

/** 'dd/MM/yyyy'. */
export function dayText(key: string) {
  return `${key.slice(6, 8)}/${key.slice(4, 6)}/${key.slice(0, 4)}`
}

const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'] as const

/** 'seg', 'ter'… of a day. */
export function weekdayText(key: string) {
  const { year, month, day } = parseDayKey(key)
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]
}

/** The day as a date-picker date (midnight in the browser, which only shows it). */
export function pickerDate(key: string) {
  const { year, month, day } = parseDayKey(key)
  return new Date(year, month - 1, day)
}

/** The key of a date the picker gave. */
export function pickerKey(date: Date) {
  return dayKey(date.getFullYear(), date.getMonth() + 1, date.getDate())
}

/** The key of the local day holding `now` in the zone (today, for Date.now()). */
export function dayKeyAt(now: number, timeZone: string) {
  const t = localTime(now, timeZone)
  return dayKey(t.year, t.month, t.day)
}

/** `count` days from `first`: the calendar's columns. */
export function calendarDays(first: string, count: number): string[] {
  const { year, month, day } = parseDayKey(first)
  return Array.from({ length: count }, (_v, i) => dayKey(year, month, day + i))
}

/** The days from `from` to `to`, both included (in either order). */
export function daysBetween(from: string, to: string): string[] {
  const [first, last] = from <= to ? [from, to] : [to, from]
  const { year, month, day } = parseDayKey(first)
  const days: string[] = []
  for (let i = 0; ; i++) {
    const key = dayKey(year, month, day + i)
    if (key > last) return days
    days.push(key)
  }
}

/** The first instant of a local day in the zone. */
export function dayStartMs(key: string, timeZone: string) {
  const { year, month, day } = parseDayKey(key)
  // Noon UTC falls on the same calendar day in every zone within ±11 h.
  return startOfLocalDay(Date.UTC(year, month - 1, day, 12), timeZone)
}

/** The last millisecond of a local day in the zone. */
export function dayEndMs(key: string, timeZone: string) {
  const { year, month, day } = parseDayKey(key)
  return startOfLocalDay(Date.UTC(year, month - 1, day + 1, 12), timeZone) - 1
}

/** Free positions of a slot from its 'available.total' value. */
export function freePositions(value: string | number | undefined): number {
  const available = Number.parseInt(String(value ?? '').split('.')[0], 10)
  return Number.isFinite(available) ? available : 0
}

/**
 * 'Disponível' when the map has nothing for the day or any slot has a free
 * position; 'Indisponível' otherwise.
 */
export function isDayAvailable(day: AdDay | undefined): boolean {
  if (!day) return true
  const slots = Object.values(day)
  return slots.length === 0 || slots.some((value) => freePositions(value) > 0)
}

/**
 * A period chosen on one screen; `to` is missing until the second click, and
 * a lone first day is a booking of that day alone (see selectedPeriod).
 * `stoppedAt` is the unavailable day that cut the period short, if one did.
 */
export type AdSelection = { displayId: string; from: string; to?: string; stoppedAt?: string } | null

/**
 * What a click on a day does (spec 2 §4): an unavailable day does nothing; the
 * first click sets the start; a second click on the same screen sets the end
 * (the two in order), or cancels when it is the same day; a click on another
 * screen, or after a finished period, starts again from that day.
 * A period never crosses a day the screen has no free position on
 * (`isFree`): it stops on the day before the first one, counted from the start.
 */
export function nextSelection(
  current: AdSelection,
  displayId: string,
  day: string,
  available: boolean,
  isFree: (day: string) => boolean = () => true,
): AdSelection {
  if (!available) return current
  if (!current || current.displayId !== displayId || current.to !== undefined) return { displayId, from: day }
  if (day === current.from) return null
  const forward = day > current.from
  const walk = daysBetween(current.from, day)
  if (!forward) walk.reverse()
  const blocked = walk.findIndex((d) => !isFree(d))
  const end = blocked < 0 ? day : walk[blocked - 1]
  const stoppedAt = blocked < 0 ? undefined : walk[blocked]
  const [from, to] = forward ? [current.from, end] : [end, current.from]
  return stoppedAt ? { displayId, from, to, stoppedAt } : { displayId, from, to }
}

/**
 * The days a selection books: from its first to its last day, or its first
 * day alone when no last day was clicked (a one-day advertisement).
 */
export function selectedPeriod(selection: AdSelection): { displayId: string; from: string; to: string } | null {
  if (!selection) return null
  return { displayId: selection.displayId, from: selection.from, to: selection.to ?? selection.from }
}

/** Where a day stands in the selection: its first or last day, between them, or outside. */
export function selectionPart(selection: AdSelection, displayId: string, day: string): 'start' | 'end' | 'between' | null {
  if (!selection || selection.displayId !== displayId) return null
  if (day === selection.from) return 'start'
  if (selection.to === undefined) return null
  if (day === selection.to) return 'end'
  return day > selection.from && day < selection.to ? 'between' : null
}

/** The filters above the grid: a part of the screen's name, and a period in which it must be free every day. */
export type CalendarFilter = { name: string; from?: string; to?: string }

/** The days shown: all of them, or those of the filter's period. */
export function shownDays(days: readonly string[], filter: CalendarFilter): string[] {
  if (!filter.from) return [...days]
  const last = filter.to ?? filter.from
  return days.filter((day) => day >= filter.from! && day <= last)
}

/** The screens whose name or store's name holds the filter's text and that are free on every day shown. */
export function shownScreens(screens: readonly AdMapScreen[], filter: CalendarFilter, days: readonly string[]): AdMapScreen[] {
  const needle = foldName(filter.name.trim())
  return screens.filter(
    (screen) =>
      (!needle || foldName(screen.name).includes(needle) || foldName(screen.storeName ?? '').includes(needle)) && (!filter.from || days.every((day) => isDayAvailable(screen.dayMap?.[day]))),
  )
}

/** A slot is free on a day when the map says nothing of it or every key of it has a free position. */
function slotFreeOn(day: AdDay | undefined, keys: readonly string[]) {
  if (!day) return true
  return keys.every((key) => !(key in day) || freePositions(day[key]) > 0)
}

/**
 * The slot of the screen the booking takes: the first one as long as the ad's
 * display time that has a free position on every chosen day.
 */
export function chooseSlot(screen: AdMapScreen, days: readonly string[], displayTime: number): { slotId: string } | { error: string } {
  const slots = screen.slots ?? []
  if (slots.length === 0) return { error: AD_CALENDAR_MESSAGES.noSlots }
  const fitting = slots.filter((slot) => slot.adTime >= displayTime)
  if (fitting.length === 0) {
    return { error: AD_CALENDAR_MESSAGES.slotTooShort(displayTime, Math.max(...slots.map((slot) => slot.adTime))) }
  }
  const free = fitting.find((slot) => days.every((day) => slotFreeOn(screen.dayMap?.[day], slot.keys)))
  return free ? { slotId: free.slotId } : { error: AD_CALENDAR_MESSAGES.noFreeSlot }
}
