// Time windows (`timeGap` entries): "HH:MM@HH:MM" in the screen's local time.

/** A parsed window, in minutes since local midnight. */
export interface TimeWindow {
  start: number
  end: number
}

const pattern = /^([01]\d|2[0-3]):([0-5]\d)@([01]\d|2[0-3]):([0-5]\d)$/

/**
 * Reads "HH:MM@HH:MM" (two digits each, 00:00 to 23:59, as the console's time
 * inputs write them). Anything else is invalid and gives null: the schedule
 * service refuses it when saving, and a player that meets one anyway treats
 * it as a window that never opens.
 */
export function parseWindow(text: string): TimeWindow | null {
  const match = pattern.exec(text)
  if (!match) return null
  return {
    start: Number(match[1]) * 60 + Number(match[2]),
    end: Number(match[3]) * 60 + Number(match[4]),
  }
}

/**
 * Whether the local minute lies in the window: start inclusive, end
 * exclusive; an end before the start runs over midnight (22:00@02:00); an end
 * equal to the start is the whole day (00:00@00:00), not an empty window.
 */
export function windowContains(window: TimeWindow, minuteOfDay: number): boolean {
  const { start, end } = window
  if (start === end) return true
  if (start < end) return minuteOfDay >= start && minuteOfDay < end
  return minuteOfDay >= start || minuteOfDay < end
}

/**
 * The windows an entry plays in: null when it has none (it plays all day).
 * Invalid windows are left out, but an entry whose every window is invalid
 * gets an empty list and never plays: an unreadable window never turns a
 * restricted entry into an all-day one.
 */
export function entryWindows(timeGap: readonly string[] | null | undefined): TimeWindow[] | null {
  if (!timeGap || timeGap.length === 0) return null
  const windows: TimeWindow[] = []
  for (const text of timeGap) {
    const window = typeof text === 'string' ? parseWindow(text) : null
    if (window) windows.push(window)
  }
  return windows
}
