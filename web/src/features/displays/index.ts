// TVs (displays) of a franchise: the TV table of a store, the TV dialogs,
// the online/offline rule, orientations and the remote commands.
export { useDisplays } from './api/get-displays'
export type { Display, DisplayCommand } from './api/types'
export { DeleteDisplayDialog } from './components/delete-display-dialog'
export { DisplayCommandDialog } from './components/display-command-dialog'
export { DisplayCommandResultsDialog } from './components/display-command-results-dialog'
export { DisplayDialog } from './components/display-dialog'
export { DisplayTable, type DisplayRowAction } from './components/display-table'
export { countOffline } from './display-status'
