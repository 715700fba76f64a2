import * as React from 'react'
import { RouterProvider } from 'react-router/dom'
import { queryClient } from '@/lib/query-client'
import { AppProvider } from './provider'
import { createRouter } from './router'

export function App() {
  const router = React.useMemo(() => createRouter(), [])
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  )
}

export { firstDraw, startEarlyCalls } from './early-calls'
