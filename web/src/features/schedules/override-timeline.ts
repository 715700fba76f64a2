// 'A seguir' of a TV's live view with its emergency messages (DESIGN.md,
// Fleet operations): a message shows over the schedule from its start until
// its end, so the schedule's items that would play meanwhile are not what
// follows — the message is, and after its end the schedule again, as the
// plan has it then. Which message shows when is the player's own rule
// (player/override.ts); the schedule's items come from the shared playback
// rules (lib/playback through preview.ts).
import { nextOverrideChange, overrideAt, type PlayerOverride } from '@/player/override'

/** One line of 'A seguir': what starts at `start` and for how long (null: until the message is cleared). */
export type Upcoming = { key: string; start: number; label: string; duration: number | null }

/** A schedule's item on screen at a moment (null: nothing) and the ones after it. */
export type ScheduleAt = (moment: number) => { current: Upcoming | null; upcoming: Upcoming[] }

/** How a message reads in the lists. */
export function overrideLabel(o: PlayerOverride) {
  return `Mensagem de emergência: ${o.title}`
}

/** Rounds of the walk below at most: each round passes a message's start or end, or a batch of items. */
const MAX_ROUNDS = 64

/**
 * The `count` lines that follow what shows at `moment`: the schedule's items
 * (`scheduleAt`) cut where a message starts, the message until its end, then
 * the schedule's item on screen at that end (from there on) and the ones
 * after it. An item cut by a message lasts until the message starts; a
 * message without an end ends the list.
 */
export function upcomingWithOverrides(overrides: readonly PlayerOverride[] | undefined, moment: number, scheduleAt: ScheduleAt, count: number): Upcoming[] {
  const lines: Upcoming[] = []
  let at = moment
  // What shows at `moment` is 'Agora', not a line of the list.
  let listNow = false
  for (let round = 0; round < MAX_ROUNDS && lines.length < count; round++) {
    const shown = overrideAt(overrides, at)
    const change = nextOverrideChange(overrides, at)
    if (shown) {
      if (listNow) lines.push({ key: `mensagem-${shown.id}-${at}`, start: at, label: overrideLabel(shown), duration: change === null ? null : change - at })
      if (change === null) break
      at = change
      listNow = true
      continue
    }
    const { current, upcoming } = scheduleAt(at)
    const items = listNow && current ? [{ ...current, start: at, duration: current.duration === null ? null : current.start + current.duration - at }, ...upcoming] : upcoming
    let end = at
    for (const item of items) {
      if (lines.length >= count || (change !== null && item.start >= change)) break
      const itemEnd = item.duration === null ? Infinity : item.start + item.duration
      lines.push(change !== null && itemEnd > change ? { ...item, duration: change - item.start } : item)
      end = Math.max(end, itemEnd)
    }
    if (lines.length >= count) break
    if (change !== null && end >= change) at = change
    else if (end > at && Number.isFinite(end)) at = end // more of the schedule before the next message
    else if (change !== null) at = change // nothing until the message
    else break
    listNow = true
  }
  return lines
}
