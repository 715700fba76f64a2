// Schedules (programações): what other screens use — the schedule field of
// a new TV, the dialog that links one to a TV (the link itself is the TV's:
// features/displays), what a TV shows now — and, behind a loader of their
// own, the schedule screens. The media table and the add/edit media form they
// share with the advertisements are in src/components/media-entries.
export { NewDisplayScheduleField } from './components/new-display-schedule-field'
export { LiveViewDialog } from './components/live-view-dialog'
export { NowPlayingDialog } from './components/now-playing-dialog'
export { ScheduleDialog } from './components/schedule-dialog'
// The footer as a TV draws it, for previews of what a TV will show ('Aprovações').
export { FooterPreview } from './components/footer-preview'

/** The schedule screens, as a chunk of their own for the router. */
export const loadSchedulePages = () => import('./pages')

