// The TV dialogs, a chunk apart from the TV table (see loadDisplayDialogs in index.ts).
export { DeleteDisplayDialog } from './components/delete-display-dialog'
export { DisplayCommandDialog } from './components/display-command-dialog'
export { DisplayCommandResultsDialog } from './components/display-command-results-dialog'
export { DisplayDialog } from './components/display-dialog'
export { DisplayHealthDialog } from './components/display-health-dialog'
