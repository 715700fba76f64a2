// Reading and saving a schedule's entry list in the detail screen.
import { entryDuration, EVERY_DAY, isAdSlot } from '@/lib/playback'
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

/** The list with the entry at `from` moved to `to` (drag to reorder). */
export function moveEntry<T>(entries: readonly T[], from: number, to: number): T[] {
  const next = entries.slice()
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved)
  return next
}

/** D S T Q Q S S, Sunday first: bit 0 of dok is Sunday. */
export const WEEKDAY_LETTERS = ['D', 'S', 'T', 'Q', 'Q', 'S', 'S'] as const
export const WEEKDAY_NAMES = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const

/** Which weekdays an entry plays on, Sunday first (slots: every day). */
export function weekdays(entry: ScheduleEntry): boolean[] {
  const dok = isAdSlot(entry) ? EVERY_DAY : (entry.dok ?? EVERY_DAY)
  return WEEKDAY_LETTERS.map((_letter, bit) => (dok & (1 << bit)) !== 0)
}

/** 'HH:MM às HH:MM' of each window, or 'Dia todo'. */
export function windowsLabel(entry: ScheduleEntry): string {
  const gaps = isAdSlot(entry) ? [] : (entry.timeGap ?? [])
  return gaps.length === 0 ? 'Dia todo' : gaps.map((gap) => gap.replace('@', ' às ')).join(', ')
}

/** Seconds the entry plays (slots: adSlots × adTime), by the shared rule. */
export function displaySeconds(entry: ScheduleEntry): number {
  return entryDuration(entry) / 1000
}

export function typeLabel(entry: ScheduleEntry): string {
  if (isAdSlot(entry)) return 'Slot'
  return entry.type === 'video' ? 'Vídeo' : 'Imagem'
}
