import * as React from 'react'
import { Outlet, useNavigate } from 'react-router'
import { LoadingOverlay } from '@/components/loading-overlay'
import { useIsLoading } from '@/lib/loading'
import { registerNavigate } from '@/lib/navigation'
import { SessionProvider, useSession } from '@/lib/session'

function Overlay() {
  const { status } = useSession()
  const loading = useIsLoading()
  return status === 'restoring' || loading ? <LoadingOverlay /> : null
}

/** Top of the route tree: session state, the loading overlay and router access for non-React code. */
export function Root() {
  const navigate = useNavigate()
  React.useEffect(() => {
    registerNavigate((to, options) => navigate(to, options))
    return () => registerNavigate(null)
  }, [navigate])

  return (
    <SessionProvider>
      <Overlay />
      {/* The layout behind the login loads on its first visit, under the overlay. */}
      <React.Suspense fallback={<LoadingOverlay />}>
        <Outlet />
      </React.Suspense>
    </SessionProvider>
  )
}
