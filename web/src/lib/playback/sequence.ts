// The order a screen plays a schedule in (spec 2 §4 "Preview"), and what it
// shows at a given moment. No clock is read here: every instant is a parameter.
import { compileEntry, compiledIsEligible, IDLE_MS, type CompiledEntry } from './rules'
import type { PlaybackItem, ScheduleEntry } from './types'
import { DEFAULT_TIME_ZONE, localTime, startOfLocalDay } from './zone'

/**
 * Walks a schedule the way a screen plays it: from a position, each entry in
 * turn, skipping those not eligible at the moment they would start; after an
 * entry comes the one after it. When a whole pass finds nothing, the screen
 * shows nothing for 1 s (an idle item) and looks again from the same
 * position. Plays are counted per entry (the same media twice in a schedule
 * is two entries) in the local clock hour they start in; the count starts at
 * zero at the first item.
 */
class Sequencer {
  private readonly entries: CompiledEntry[]
  private position: number
  private readonly playCount: number[]
  private readonly playHour: number[]
  private readonly timeZone: string
  /** When the next item starts. */
  at: number

  constructor(entries: CompiledEntry[], timeZone: string, from: number, startIndex: number) {
    this.entries = entries
    this.timeZone = timeZone
    this.at = from
    const n = entries.length
    this.position = n === 0 ? 0 : ((Math.trunc(startIndex) % n) + n) % n
    this.playCount = entries.map(() => 0)
    this.playHour = entries.map(() => Number.NaN)
  }

  next(): PlaybackItem {
    const moment = this.at
    const local = localTime(moment, this.timeZone)
    const n = this.entries.length
    for (let k = 0; k < n; k++) {
      const index = (this.position + k) % n
      const entry = this.entries[index]
      if (this.playHour[index] !== local.hourStart) {
        this.playHour[index] = local.hourStart
        this.playCount[index] = 0
      }
      if (!compiledIsEligible(entry, moment, local, this.playCount[index])) continue
      this.playCount[index]++
      this.position = (index + 1) % n
      this.at = moment + entry.duration
      const item: PlaybackItem = {
        entryIndex: index,
        entryId: entry.id,
        kind: entry.slot ? 'slot' : entry.local ? 'local' : 'media',
        start: moment,
        duration: entry.duration,
      }
      if (entry.fallbackMediaId !== null) item.fallbackMediaId = entry.fallbackMediaId
      return item
    }
    this.at = moment + IDLE_MS
    return { entryIndex: -1, entryId: '', kind: 'idle', start: moment, duration: IDLE_MS }
  }

  /**
   * After an idle item starting at `idleStart`: how many idle seconds in a row
   * come before anything can change. With nothing playing, eligibility only
   * changes at a local minute (windows, weekdays and the limit's hour all
   * turn on minutes) or at a start date.
   */
  idleRun(idleStart: number): number {
    const local = localTime(idleStart, this.timeZone)
    let change = idleStart + (60 - local.second) * 1000 - local.millisecond
    for (const entry of this.entries) {
      if (entry.start !== null && entry.start > idleStart && entry.start < change) change = entry.start
    }
    return Math.max(1, Math.ceil((change - idleStart) / IDLE_MS))
  }
}

function compile(schedule: readonly ScheduleEntry[]) {
  return schedule.map(compileEntry)
}

/**
 * The next `count` items a screen in `timeZone` plays from `fromMoment`
 * (epoch ms), starting with the entry at `startIndex` (taken modulo the
 * schedule's length) and no plays counted yet this hour.
 */
export function nextItems(
  schedule: readonly ScheduleEntry[],
  fromMoment: number,
  timeZone: string = DEFAULT_TIME_ZONE,
  count = 1,
  startIndex = 0,
): PlaybackItem[] {
  const sequencer = new Sequencer(compile(schedule), timeZone, fromMoment, startIndex)
  const items: PlaybackItem[] = []
  for (let i = 0; i < count; i++) items.push(sequencer.next())
  return items
}

/**
 * The instant a screen (re)starts its schedule from the first entry: the
 * later of the start of its local day and the moment the schedule last
 * changed (`changedAt`, epoch ms, e.g. the schedule's updatedAt). The player
 * restarts its loop at both, so the server can tell what a screen shows
 * without asking it.
 */
export function playbackAnchor(moment: number, timeZone: string = DEFAULT_TIME_ZONE, changedAt?: number | null): number {
  const dayStart = startOfLocalDay(moment, timeZone)
  return changedAt != null && changedAt > dayStart ? changedAt : dayStart
}

/**
 * What the screen shows at `moment`: the item, of the sequence that starts
 * from the first entry at `anchor` (see playbackAnchor), whose
 * [start, start + duration) holds the moment. An idle item when nothing is
 * eligible; null when the moment is before the anchor.
 */
export function nowPlaying(
  schedule: readonly ScheduleEntry[],
  moment: number,
  timeZone: string = DEFAULT_TIME_ZONE,
  anchor: number = playbackAnchor(moment, timeZone),
): PlaybackItem | null {
  return playingFrom(schedule, moment, timeZone, anchor, 1)[0] ?? null
}

/**
 * What the screen shows at `moment` (nowPlaying) and the `count` − 1 items
 * after it, of the same sequence from `anchor`: the plays each entry had
 * since the anchor count toward its limitByHour, as they do on the screen.
 * Empty when the moment is before the anchor.
 */
export function playingFrom(
  schedule: readonly ScheduleEntry[],
  moment: number,
  timeZone: string = DEFAULT_TIME_ZONE,
  anchor: number = playbackAnchor(moment, timeZone),
  count = 1,
): PlaybackItem[] {
  if (moment < anchor || count <= 0) return []
  const sequencer = new Sequencer(compile(schedule), timeZone, anchor, 0)
  let first: PlaybackItem
  for (;;) {
    const item = sequencer.next()
    if (item.kind === 'idle') {
      // Idle seconds in a row are alike: jump over them instead of walking
      // a quiet night one second at a time.
      const end = item.start + sequencer.idleRun(item.start) * IDLE_MS
      if (moment < end) {
        first = { ...item, start: item.start + Math.floor((moment - item.start) / IDLE_MS) * IDLE_MS }
        sequencer.at = first.start + IDLE_MS
        break
      }
      sequencer.at = end
      continue
    }
    if (moment < item.start + item.duration) {
      first = item
      break
    }
  }
  const items = [first]
  while (items.length < count) items.push(sequencer.next())
  return items
}
