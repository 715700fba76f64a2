// Schedules (programações): what other screens use — the list to pick from,
// linking one to a TV, what a TV shows now — and, behind a loader of their
// own, the schedule screens.
export { useScheduleRefs } from './api/get-schedule-refs'
export type { ScheduleRef } from './api/types'
export { NowPlayingDialog } from './components/now-playing-dialog'
export { ScheduleDialog } from './components/schedule-dialog'
export { ScheduleSelect } from './components/schedule-select'

/** The schedule screens, as a chunk of their own for the router. */
export const loadSchedulePages = () => import('./pages')
