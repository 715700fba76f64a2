// Reading and saving a schedule's entry list in the detail screen.
import { weekdays } from '@/components/media-entries/entries'
import { entryWindows, isAdSlot, windowContains } from '@/lib/playback'
import type { ScheduleEntry, ScheduleEntryInput } from './api/types'

/**
 * An entry as sent back in a save: its rules, without what the library adds
 * (type, file, addresses). A display time of 0 (an image saved without one,
 * which plays 10 s) is left out: the server refuses 0 but keeps a missing one.
 */
export function toEntryInput(entry: ScheduleEntry): ScheduleEntryInput {
  const { type, filePath, url, thumbnailUrl, displayTime, ...rest } = entry
  return displayTime > 0 ? { ...rest, displayTime } : rest
}

/** The list without the entries at `indexes` (bulk 'Excluir mídia(s) selecionadas'). */
export function withoutIndexes(entries: readonly ScheduleEntry[], indexes: ReadonlySet<number>): ScheduleEntryInput[] {
  return entries.filter((_entry, index) => !indexes.has(index)).map(toEntryInput)
}

/** The list with the ad slot at `index` given new positions, seconds and fallback ('Editar' on a slot row). */
export function withSlotChanged(
  entries: readonly ScheduleEntry[],
  index: number,
  slot: { quantity: number; duration: number; adFallbackMediaId: string },
): ScheduleEntryInput[] {
  return entries.map((entry, i) => {
    const input = toEntryInput(entry)
    if (i !== index) return input
    const { displayTime: _displayTime, adFallbackMediaId: _fallback, ...rest } = input
    return { ...rest, isAd: true, adSlots: slot.quantity, adTime: slot.duration, ...(slot.adFallbackMediaId ? { adFallbackMediaId: slot.adFallbackMediaId } : {}) }
  })
}

/** Day parts of the detail's period filter (spec 2 §9), in minutes of the day, both ends included. */
export const PERIODS = [
  { value: 'madrugada', label: 'Madrugada', hint: '00:00-05:59', from: 0, to: 5 * 60 + 59 },
  { value: 'manha', label: 'Manhã', hint: '06:00-11:59', from: 6 * 60, to: 11 * 60 + 59 },
  { value: 'tarde', label: 'Tarde', hint: '12:00-17:59', from: 12 * 60, to: 17 * 60 + 59 },
  { value: 'noite', label: 'Noite', hint: '18:00-23:59', from: 18 * 60, to: 23 * 60 + 59 },
] as const
export type Period = (typeof PERIODS)[number]['value']

/** The weekday filter: 'Todos os dias' (all) or a day by its dok bit (0 = Sunday). */
export const WEEKDAY_FILTER = [
  { value: 'all', label: 'Todos os dias' },
  { value: '1', label: 'Segunda' },
  { value: '2', label: 'Terça' },
  { value: '3', label: 'Quarta' },
  { value: '4', label: 'Quinta' },
  { value: '5', label: 'Sexta' },
  { value: '6', label: 'Sábado' },
  { value: '0', label: 'Domingo' },
] as const

export type EntryFilter = { period: Period | 'all'; weekday: 'all' | number }
export const NO_FILTER: EntryFilter = { period: 'all', weekday: 'all' }

export const isFiltering = (filter: EntryFilter) => filter.period !== 'all' || filter.weekday !== 'all'

/** Whether any of the entry's windows overlaps the period; an all-day entry (or a slot) is in every period. */
export function playsInPeriod(entry: ScheduleEntry, period: Period): boolean {
  const windows = isAdSlot(entry) ? null : entryWindows(entry.timeGap)
  if (windows === null) return true
  const part = PERIODS.find((p) => p.value === period)
  if (!part) return true
  return windows.some((w) => {
    for (let minute = part.from; minute <= part.to; minute++) if (windowContains(w, minute)) return true
    return false
  })
}

/** Positions (in the full list) of the entries the filter shows, in play order. */
export function filterEntries(entries: readonly ScheduleEntry[], filter: EntryFilter): number[] {
  const shown: number[] = []
  entries.forEach((entry, index) => {
    if (filter.period !== 'all' && !playsInPeriod(entry, filter.period)) return
    if (filter.weekday !== 'all' && !weekdays(entry)[filter.weekday]) return
    shown.push(index)
  })
  return shown
}

/**
 * The schedule's new list: new entries go first; an edit replaces the entry
 * at its index with the new ones.
 */
export function savedList(current: readonly ScheduleEntry[], added: ScheduleEntryInput[], editIndex?: number): ScheduleEntryInput[] {
  const rest = current.map(toEntryInput)
  if (editIndex === undefined) return [...added, ...rest]
  rest.splice(editIndex, 1, ...added)
  return rest
}
