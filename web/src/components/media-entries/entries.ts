// How a media list (a schedule's entries, an advertisement's media) shows an
// entry: weekdays, time windows, seconds, kind, and moving one by dragging.
import { entryDuration, EVERY_DAY, isAdSlot, parseWindow, type ScheduleEntry as PlaybackEntry } from '@/lib/playback'

/**
 * An entry as a media list shows it: a schedule's entry (a media, an ad slot
 * or an 'Espaço local') or an advertisement's media item.
 */
export type ListedEntry = PlaybackEntry & { name: string; thumbnailUrl?: string; isLocal?: boolean | null; localTime?: number | null }

/** An 'Espaço local': each store plays its own items in it, localTime seconds each. */
export const isLocalEntry = (entry: ListedEntry) => entry.isLocal === true

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
export function weekdays(entry: ListedEntry): boolean[] {
  const dok = isAdSlot(entry) ? EVERY_DAY : (entry.dok ?? EVERY_DAY)
  return WEEKDAY_LETTERS.map((_letter, bit) => (dok & (1 << bit)) !== 0)
}

/**
 * A window as the lists show it: 'HH:MM às HH:MM'. A window that starts and
 * ends at the same minute (saved before such windows were refused) plays all
 * day by the playback rules, and says so: 'Dia todo (15:00 às 15:00)'.
 */
export function windowLabel(gap: string): string {
  const text = gap.replace('@', ' às ')
  const window = parseWindow(gap)
  return window && window.start === window.end ? `Dia todo (${text})` : text
}

/** The windows in the order of the day (by start, then end); unreadable ones last, as they are. */
export function sortWindows(timeGap: readonly string[]): string[] {
  const key = (gap: string) => {
    const w = parseWindow(gap)
    return w ? w.start * 1440 + w.end : Number.MAX_SAFE_INTEGER
  }
  return [...timeGap].sort((a, b) => key(a) - key(b))
}

/** 'HH:MM às HH:MM' of each window in the order of the day, or 'Dia todo'. */
export function windowsLabel(entry: ListedEntry): string {
  const gaps = isAdSlot(entry) ? [] : (entry.timeGap ?? [])
  if (gaps.length === 0) return 'Dia todo'
  // One window of the whole day makes the entry play all day, whatever the others say.
  const whole = gaps.find((gap) => {
    const w = parseWindow(gap)
    return w !== null && w.start === w.end
  })
  if (whole) return windowLabel(whole)
  return sortWindows(gaps).map(windowLabel).join(', ')
}

/**
 * The display-time column: a local space's seconds per item (what it lasts
 * depends on each store's items), otherwise the seconds the entry plays.
 */
export function displayTimeLabel(entry: ListedEntry, seconds: number): string {
  if (isLocalEntry(entry)) return `${entry.localTime ?? seconds}s por item`
  return `${seconds}s`
}

/** Seconds the entry plays (slots: adSlots × adTime), by the shared rule. */
export function displaySeconds(entry: ListedEntry): number {
  return entryDuration(entry) / 1000
}

export function typeLabel(entry: ListedEntry): string {
  if (isLocalEntry(entry)) return 'Espaço local'
  if (isAdSlot(entry)) return 'Slot'
  return entry.type === 'video' ? 'Vídeo' : 'Imagem'
}
