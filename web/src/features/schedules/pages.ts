// The schedule screens, loaded by the router on their first visit (see
// loadSchedulePages in index.ts): the editor, the calendar (react-day-picker)
// and dnd-kit stay out of the first load and of the screens that only link a
// schedule to a TV.
export { ScheduleDetailPage } from './components/schedule-detail-page'
export { FooterEditorPage } from './components/footer-editor-page'
export { CreateScheduleActionPage } from './components/create-schedule-action-page'
export { ScheduleMediaPage } from './components/schedule-media-page'
export { AddMediaActionPage } from './components/add-media-action-page'
