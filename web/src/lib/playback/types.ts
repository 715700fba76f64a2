/**
 * One entry of a schedule's media list, with the wire names of spec 2 §3: a
 * media entry or an ad-slot entry (see isAdSlot). Every rule field may be
 * missing; a missing field means "no rule".
 */
export interface ScheduleEntry {
  id: string
  name?: string
  type?: 'image' | 'video'
  filePath?: string
  /** Seconds; missing, 0 or less plays 10 s. */
  displayTime?: number | null
  /** Weekday bitmask, bit 0 = Sunday … bit 6 = Saturday; missing = 127 (every day), 0 = never. */
  dok?: number | null
  /** false = never plays; missing = true. */
  enabled?: boolean | null
  stretch?: boolean | null
  /** Epoch ms; missing, null or 0 = no start. */
  startDate?: number | null
  /** Epoch ms, inclusive; missing, null or 0 = no end. "No end" is stored as startDate + 1000 years. */
  endDate?: number | null
  /** "HH:MM@HH:MM" windows in the screen's local time; none = all day. */
  timeGap?: readonly string[] | null
  /** Plays per local clock hour on one screen; missing or 0 = no limit. */
  limitByHour?: number | null
  volume?: number | null
  /** Seconds a slot lasts when adSlots × adTime gives nothing. */
  displayTimeJumpStart?: number | null
  isAd?: boolean | null
  /** Positions of an ad slot. */
  adSlots?: number | null
  /** Seconds of each position. */
  adTime?: number | null
  /** Library media played in a position nobody booked. */
  adFallbackMediaId?: string | null
  /** An 'Espaço local': neither media nor ad slot, the TV's store's approved items play there. */
  isLocal?: boolean | null
  /** Seconds each of the store's items plays in a local space. */
  localTime?: number | null
  /** Network media a local space plays where the store has nothing for the day. */
  localFallbackMediaId?: string | null
}

export type ItemKind = 'media' | 'slot' | 'local' | 'idle'

/** One stretch of what a screen shows. */
export interface PlaybackItem {
  /** Position of the entry in the schedule; -1 for idle. */
  entryIndex: number
  /** The entry's id; '' for idle. */
  entryId: string
  kind: ItemKind
  /** Epoch ms. */
  start: number
  /** Milliseconds. */
  duration: number
  /** On a slot or local space item whose entry names one: the media for positions nobody booked, or for a store with nothing approved. */
  fallbackMediaId?: string
}

export type BadgeStatus = 'upcoming' | 'current' | 'expired'

/** The date badge of an entry in the schedule views. */
export interface EntryBadge {
  /** upcoming before startDate, expired after endDate, current otherwise (slots: current). */
  status: BadgeStatus
  /** No end, a period of 1000 days or more, no dates, or a slot. */
  forever: boolean
  /** 'dd/MM/yyyy - SEMPRE', 'SEMPRE', 'dd/MM/yyyy - dd/MM/yyyy' or 'até dd/MM/yyyy'. */
  label: string
}
