import * as React from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'react-router'
import { withLoading } from '@/lib/loading'
import { queryRoots } from '@/lib/query-keys'
import { storage, storageKeys, useStoredItem } from '@/lib/storage'
import { sleep } from '@/lib/utils'
import { useFranchises } from './get-franchises'
import { useUser } from './get-user'
import { abilitiesOf, type Abilities } from './abilities'
import { actsForAdmin } from './impersonation'
import type { Franchise, SessionUser } from './types'

export type SessionStatus = 'anonymous' | 'restoring' | 'authenticated'

export type SessionContextValue = {
  status: SessionStatus
  user: SessionUser | undefined
  /** An admin token is stored: the Administração menu and admin calls are available. */
  hasAdminToken: boolean
  /** The admin token belongs to someone else than the current token: an admin is acting as this user. */
  isImpersonating: boolean
  /** The user's franchises, oldest first. */
  franchises: Franchise[]
  /** The selected franchise (group), once the list is known. */
  franchise: Franchise | undefined
  selectFranchise: (slug: string) => Promise<void>
  /** What the user's role lets them do in the selected group (docs/roles.md). */
  abilities: Abilities
}

const SessionContext = React.createContext<SessionContextValue | null>(null)

const networkAbilities = abilitiesOf(undefined)

/** What the user's role lets them do in the selected group (the network's outside a session, as in a component's own test). */
export function useAbilities() {
  return React.useContext(SessionContext)?.abilities ?? networkAbilities
}

export function useSession() {
  const context = React.useContext(SessionContext)
  if (!context) throw new Error('useSession must be used within a SessionProvider.')
  return context
}

/** Reset links and e-mail verification links must not pick up a stored session. */
export function restoresSession(pathname: string, search: string) {
  return !pathname.includes('/reset/') && !new URLSearchParams(search).has('code')
}

export const FRANCHISE_SWITCH_WAIT_MS = 100
export const RELOAD_STEP_WAIT_MS = 200

function byCreatedAt(a: Franchise, b: Franchise) {
  return a.createdAt - b.createdAt
}

export function SessionProvider({ children }: { children: React.ReactNode }) {
  const location = useLocation()
  const queryClient = useQueryClient()
  const token = useStoredItem(storageKeys.token)
  const adminToken = useStoredItem(storageKeys.adminToken)
  const storedFranchise = useStoredItem(storageKeys.franchise)

  const restoring = !!token && restoresSession(location.pathname, location.search)
  const userQuery = useUser({ enabled: restoring })
  const user = token ? userQuery.data : undefined
  const status: SessionStatus = user ? 'authenticated' : restoring && !userQuery.isError ? 'restoring' : 'anonymous'

  const franchisesQuery = useFranchises({ enabled: status === 'authenticated' })
  const franchises = React.useMemo(
    () => (status === 'authenticated' ? [...(franchisesQuery.data ?? [])].sort(byCreatedAt) : []),
    [franchisesQuery.data, status],
  )

  // Keep the stored franchise when it is still the user's, otherwise take the oldest one.
  React.useEffect(() => {
    if (status !== 'authenticated' || !franchisesQuery.isSuccess) return
    if (franchises.some((f) => f.slug === storedFranchise)) return
    if (franchises.length) storage.set(storageKeys.franchise, franchises[0].slug)
    else if (storedFranchise) storage.remove(storageKeys.franchise)
  }, [status, franchisesQuery.isSuccess, franchises, storedFranchise])

  const franchise = franchises.find((f) => f.slug === storedFranchise)

  const selectFranchise = React.useCallback(
    (slug: string) =>
      withLoading(async () => {
        storage.set(storageKeys.franchise, slug)
        await sleep(FRANCHISE_SWITCH_WAIT_MS)
        const reload = (root: string) => queryClient.refetchQueries({ queryKey: [root] })
        await reload(queryRoots.franchises)
        await reload(queryRoots.schedules)
        await sleep(RELOAD_STEP_WAIT_MS)
        await reload(queryRoots.stores)
        await sleep(RELOAD_STEP_WAIT_MS)
        await reload(queryRoots.displays)
        await reload(queryRoots.medias)
      }),
    [queryClient],
  )

  // The stored group is known before the group list arrives: pages guarded
  // by the role never show to a member who may not see them.
  const slug = franchise?.slug ?? storedFranchise
  const member = slug ? user?.roles?.[slug] : undefined
  const abilities = React.useMemo(() => abilitiesOf(member, user), [member, user])

  const value = React.useMemo<SessionContextValue>(
    () => ({
      status,
      user,
      hasAdminToken: !!adminToken && !!token,
      isImpersonating: actsForAdmin(token, adminToken),
      franchises,
      franchise,
      selectFranchise,
      abilities,
    }),
    [status, user, adminToken, token, franchises, franchise, selectFranchise, abilities],
  )

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}
