// The preview's clock and queue, on top of the shared playback rules
// (lib/playback): which item plays, what comes after it, and the wall-clock
// text of the date-and-time control. Pure: every instant is a parameter.
import { IDLE_MS, localTime, nextItems, type PlaybackItem, type ScheduleEntry } from '@/lib/playback'

/** Where the preview is: the moment the next item starts and the position it starts looking from. */
export type PreviewCursor = { at: number; position: number }

/** How many items 'A seguir' lists. */
export const UPCOMING_COUNT = 5

/** The item that plays from the cursor and the ones after it. */
export function previewQueue(entries: readonly ScheduleEntry[], cursor: PreviewCursor, timeZone: string, upcoming = UPCOMING_COUNT) {
  if (entries.length === 0) {
    const idle: PlaybackItem = { entryIndex: -1, entryId: '', kind: 'idle', start: cursor.at, duration: IDLE_MS }
    return { current: idle, upcoming: [] as PlaybackItem[] }
  }
  const [current, ...rest] = nextItems(entries, cursor.at, timeZone, 1 + upcoming, cursor.position)
  return { current, upcoming: rest.filter((item) => item.kind !== 'idle') }
}

/** The cursor after `item` ends: the next position, or the same one after an idle second. */
export function advance(cursor: PreviewCursor, item: PlaybackItem): PreviewCursor {
  return { at: item.start + item.duration, position: item.kind === 'idle' ? cursor.position : item.entryIndex + 1 }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** 'yyyy-MM-ddTHH:mm' of `moment` on the screens' wall clock (the value of a datetime-local input). */
export function toWallInput(moment: number, timeZone: string) {
  const t = localTime(moment, timeZone)
  return `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}`
}

/** The instant a 'yyyy-MM-ddTHH:mm' wall-clock time happens in `timeZone`; null when the text is not one. */
export function fromWallInput(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value)
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number)
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  if (Number.isNaN(wall)) return null
  // The offset in force at the instant, found in two steps (it may differ from the first guess's across a clock change).
  const guess = wall - localTime(wall, timeZone).offset
  return wall - localTime(guess, timeZone).offset
}
