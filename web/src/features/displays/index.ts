// TVs (displays) of a franchise: the TV list and table, the TV dialogs,
// linking a schedule to a TV, the online/offline rule, orientations and the
// remote commands.
import { chunk } from '@/lib/lazy'
export { useDisplays } from './api/get-displays'
export { useLinkSchedule } from './api/link-schedule'
export { useUnlinkSchedule } from './api/unlink-schedule'
export type { Display, DisplayCommand, DisplayRef } from './api/types'
export { DisplayTable, type DisplayRowAction } from './components/display-table'
export { countOffline, displayStatus } from './display-status'

/**
 * The TV dialogs (new, edit, delete, health, commands and their results), as a
 * chunk of their own: a screen draws its TV tables without their code.
 */
export const loadDisplayDialogs = chunk(() => import('./dialogs'))
