import * as React from 'react'
import type { Display, DisplayCommand, Store } from '../api/types'

/** Which of the overview's modals is open, and on what. */
export type DashboardDialog =
  | { kind: 'store-new' }
  | { kind: 'store-edit'; store: Store }
  | { kind: 'store-delete'; store: Store }
  | { kind: 'message' }
  | { kind: 'display-new'; store: Store }
  | { kind: 'display-edit'; display: Display }
  | { kind: 'display-delete'; display: Display }
  | { kind: 'schedule'; display: Display }
  | { kind: 'command'; display: Display; operation: DisplayCommand }

type DialogsContextValue = { open: (dialog: DashboardDialog) => void }

const DialogsContext = React.createContext<DialogsContextValue | null>(null)

export const DialogsProvider = DialogsContext.Provider

/** Opens one of the overview's modals from anywhere inside it (cards, table rows). */
export function useDashboardDialogs() {
  const context = React.useContext(DialogsContext)
  if (!context) throw new Error('useDashboardDialogs must be used within the dashboard page.')
  return context
}
