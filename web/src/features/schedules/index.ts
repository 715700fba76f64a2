// Schedules (programações): the list and detail screens, the preview, and
// what other screens use: the list to pick from, linking one to a TV, and
// what a TV shows now.
export { useScheduleRefs } from './api/get-schedule-refs'
export type { ScheduleRef } from './api/types'
export { NowPlayingDialog } from './components/now-playing-dialog'
export { ScheduleDetailPage } from './components/schedule-detail-page'
export { ScheduleDialog } from './components/schedule-dialog'
export { ScheduleSelect } from './components/schedule-select'
export { SchedulesPage } from './components/schedules-page'
export { FooterEditorPage } from './components/footer-editor-page'
export { CreateScheduleActionPage } from './components/create-schedule-action-page'
export { ScheduleMediaPage } from './components/schedule-media-page'
export { AddMediaActionPage } from './components/add-media-action-page'
