import * as React from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { isApiError } from '@/lib/api-client'
import { getUserDetail, userQueryOptions } from '@/lib/session'

// The ads-center permission (viewAdsCenter) is granted and revoked by an
// administrator while the user is signed in. The session's user detail is
// read once per login, so the sidebar item and the /ads-center routes follow
// a change from here: when the window comes back, every few minutes, and at
// once when an ads-center call answers 1403.

/** Code of 'Permissão insuficiente.'. */
const FORBIDDEN = 1403
/** At most one check in this time from focus or visibility changes. */
const MIN_GAP_MS = 30_000
/** A check while the console stays open and visible. */
const INTERVAL_MS = 5 * 60_000

export function isForbidden(error: unknown) {
  return isApiError(error) && error.apiCode === FORBIDDEN
}

/**
 * Reads the user detail again and takes its viewAdsCenter into the session.
 * Only that flag: the rest of the session (tokens, admin rights) is settled
 * at login. A failure changes nothing; the next call or check tries again.
 */
export async function refreshAdsCenterPermission(queryClient: QueryClient) {
  try {
    const { user } = await getUserDetail()
    queryClient.setQueryData(userQueryOptions().queryKey, (current) =>
      current && current.viewAdsCenter !== user.viewAdsCenter
        ? { ...current, viewAdsCenter: user.viewAdsCenter, canUseAdsCenter: user.viewAdsCenter === 1 }
        : current,
    )
  } catch {
    // Offline or the session ended: the calls that need it will say so.
  }
}

/** Keeps the session's ads-center permission current while someone is signed in. */
export function useFollowAdsCenterPermission(signedIn: boolean) {
  const queryClient = useQueryClient()
  React.useEffect(() => {
    if (!signedIn) return
    let last = Date.now()
    const check = (force = false) => {
      if (document.visibilityState === 'hidden') return
      if (!force && Date.now() - last < MIN_GAP_MS) return
      last = Date.now()
      void refreshAdsCenterPermission(queryClient)
    }
    const onFocus = () => check()
    const timer = setInterval(() => check(true), INTERVAL_MS)
    window.addEventListener('focus', onFocus)
    document.addEventListener('visibilitychange', onFocus)
    return () => {
      clearInterval(timer)
      window.removeEventListener('focus', onFocus)
      document.removeEventListener('visibilitychange', onFocus)
    }
  }, [queryClient, signedIn])
}

/** A query of the ads center answered 1403: the permission was revoked, follow it (the route then leaves). */
export function useFollowForbidden(error: unknown) {
  const queryClient = useQueryClient()
  const forbidden = isForbidden(error)
  React.useEffect(() => {
    if (forbidden) void refreshAdsCenterPermission(queryClient)
  }, [forbidden, queryClient])
}
