// Schedules (programações). For now only what the TV screens need: the list of
// a franchise's schedules to pick from, and linking one to a TV.
export { useScheduleRefs } from './api/get-schedule-refs'
export type { ScheduleRef } from './api/types'
export { ScheduleDialog } from './components/schedule-dialog'
export { ScheduleSelect } from './components/schedule-select'
