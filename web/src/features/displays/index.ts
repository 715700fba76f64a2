// TVs (displays) of a franchise: the TV list and table, the TV dialogs,
// linking a schedule to a TV, the online/offline rule, orientations and the
// remote commands.
export { useDisplays } from './api/get-displays'
export { useLinkSchedule } from './api/link-schedule'
export { useUnlinkSchedule } from './api/unlink-schedule'
export type { Display, DisplayCommand, DisplayRef } from './api/types'
export { DeleteDisplayDialog } from './components/delete-display-dialog'
export { DisplayCommandDialog } from './components/display-command-dialog'
export { DisplayCommandResultsDialog } from './components/display-command-results-dialog'
export { DisplayDialog } from './components/display-dialog'
export { DisplayHealthDialog } from './components/display-health-dialog'
export { DisplayTable, type DisplayRowAction } from './components/display-table'
export { countOffline } from './display-status'
