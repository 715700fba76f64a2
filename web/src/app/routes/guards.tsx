import { Navigate, Outlet } from 'react-router'
import { useIsLoading } from '@/lib/loading'
import { useAbilities, useSession } from '@/lib/session'

/** Pages behind the login: without a session the user goes to /. */
export function RequireSession() {
  const { status } = useSession()
  const loading = useIsLoading()
  // While restoring or switching sessions the overlay covers the page; wait for the outcome.
  if (status === 'restoring' || (status === 'anonymous' && loading)) return null
  if (status === 'anonymous') return <Navigate to="/" replace />
  return <Outlet />
}

/** The login page: a restored session goes straight to the overview (Visão Geral, /dashboard). */
export function PublicOnly() {
  const { status } = useSession()
  if (status === 'restoring') return null
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />
  return <Outlet />
}

/** Administração: only with an admin token stored. */
export function RequireAdminToken() {
  const { hasAdminToken } = useSession()
  if (!hasAdminToken) return <Navigate to="/dashboard" replace />
  return <Outlet />
}

/** Central de Anúncios: only with the ads-center permission, for the network. */
export function RequireAdsCenter() {
  const { user, abilities } = useSession()
  if (!user?.canUseAdsCenter || !abilities.adsCenter) return <Navigate to="/dashboard" replace />
  return <Outlet />
}

/** Programações and Minhas Mídias: the network and franchisees read them (not a store manager). */
export function RequireLibrary() {
  const abilities = useAbilities()
  if (!abilities.readLibrary) return <Navigate to="/dashboard" replace />
  return <Outlet />
}

/** Pages that change the library (guided actions, the footer editor): the network only. */
export function RequireLibraryEditing() {
  const abilities = useAbilities()
  if (!abilities.editLibrary) return <Navigate to="/dashboard" replace />
  return <Outlet />
}

/** Unknown paths: the overview (/dashboard) when logged in, otherwise the login. */
export function FallbackRedirect() {
  const { status } = useSession()
  if (status === 'restoring') return null
  return <Navigate to={status === 'authenticated' ? '/dashboard' : '/'} replace />
}
