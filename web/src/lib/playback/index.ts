// The playback rules (spec 2 §4 and DESIGN.md): which schedule entry may play
// at a moment on a screen, in what order a schedule plays, what a screen shows
// now, and the date badge of an entry. Used by the console's preview and the
// player; internal/playback is the same rules in Go, and both are checked
// against api/playback-cases.json. Pure functions of their arguments: instants
// are epoch ms passed in, never read from a clock, and local time comes from
// the IANA zone given (the franchise's, America/Sao_Paulo by default).
//
// Decisions the spec leaves open, the same on both sides:
// - endDate is inclusive (the console's range mode stores the last
//   millisecond of the chosen day); startDate/endDate missing, null or 0 mean
//   no bound.
// - The dates name calendar days in the franchise's zone, the one the console
//   writes them in; datesOn moves them onto a screen's clock (00:00 of the
//   start day to the end of the end day there) before the rules, which then
//   compare instants.
// - A window "HH:MM@HH:MM" has an inclusive start and exclusive end; an end
//   before the start runs over midnight, and there the weekday of the moment's
//   own local date decides (01:00 Tuesday in 22:00@02:00 needs Tuesday's bit);
//   an end equal to the start is the whole day.
// - Invalid windows ("9:00@10:00", "24:00@01:00", "10:00-12:00") are ignored,
//   but an entry whose every window is invalid never plays; the schedule
//   service refuses them on save (parseWindow / ParseWindow).
// - An entry is checked when it would start; once started it plays its whole
//   duration even if its window or dates end meanwhile.
// - limitByHour counts the starts of that entry (by position) in the local
//   clock hour of each start, which resets when the next local hour begins
//   (a repeated hour when clocks go back is a new hour).
// - nowPlaying: the sequence restarts from the first entry at the anchor, the
//   later of the start of the screen's local day and the schedule's last
//   change (playbackAnchor); what plays now is that sequence's item covering
//   the moment.
export { entryBadge, FOREVER_MS } from './badge'
export { datesOn, entryDatesOn } from './dates'
export { DEFAULT_DURATION_MS, entryDuration, EVERY_DAY, IDLE_MS, isAdSlot, isEligible, isLocalSpace, localItemDuration } from './rules'
export { nextItems, nowPlaying, playbackAnchor, playingFrom } from './sequence'
export type { BadgeStatus, EntryBadge, ItemKind, PlaybackItem, ScheduleEntry } from './types'
export { entryWindows, parseWindow, windowContains, type TimeWindow } from './windows'
export { DEFAULT_TIME_ZONE, localTime, startOfLocalDay, type LocalTime } from './zone'
