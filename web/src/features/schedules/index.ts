// Schedules (programações): what other screens use — the schedule field of
// a new TV, the dialog that links one to a TV (the link itself is the TV's:
// features/displays), what a TV shows now, the media table and the add/edit
// media form the advertisements share — and, behind a loader of their own,
// the schedule screens.
import { lazy } from 'react'
import type { MediaTable as MediaTableComponent } from './components/media-table'

export { NewDisplayScheduleField } from './components/new-display-schedule-field'
export { NowPlayingDialog } from './components/now-playing-dialog'
export { ScheduleDialog } from './components/schedule-dialog'
export type { MediaTableProps } from './components/media-table'
export type { MediaEntriesFormProps } from './components/media-entries-form'
export type { EditableEntry, MediaRules } from './media-form'

/** The schedule screens, as a chunk of their own for the router. */
export const loadSchedulePages = () => import('./pages')

/**
 * The add/edit media form (multiple images, advanced options, weekdays, time
 * ranges), for the advertisements' media pages: it comes with the media
 * picker and the date picker, so it loads on first use (inside Suspense),
 * not with the screens that only link a schedule to a TV.
 */
export const MediaEntriesForm = lazy(() => import('./components/media-entries-form').then((m) => ({ default: m.MediaEntriesForm })))

/**
 * The media table with drag-and-drop reordering (a schedule's entries, an
 * advertisement's media). It comes with dnd-kit, so it too loads on first
 * use: the screen showing it suspends until it is there.
 */
export const MediaTable = lazy(() => import('./components/media-table').then((m) => ({ default: m.MediaTable }))) as unknown as typeof MediaTableComponent
