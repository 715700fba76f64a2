import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, isApiError } from '@/lib/api-client'
import { queryRoots } from '@/lib/query-keys'
import { clearSession, storage, storageKeys } from '@/lib/storage'
import { impersonationInProgress } from './impersonation'
import { keepsAdminToken, toSessionUser } from './permissions'
import type { SessionUser, User, UserDetailResponse } from './types'

export function getUserDetail(signal?: AbortSignal) {
  return api.get<UserDetailResponse>('/user/detail', { signal })
}

/**
 * Keeps the token as the admin token when the user may send box commands or
 * impersonate, and drops an admin token equal to the token of a user who may
 * not. During an impersonation the admin token is the administrator's own
 * session and is never touched, even when the user they act as is an
 * administrator too.
 */
function settleAdminToken(token: string | null, user: User) {
  const adminToken = storage.get(storageKeys.adminToken)
  if (impersonationInProgress(token, adminToken, user)) return
  if (token && keepsAdminToken(user.permission)) {
    if (adminToken !== token) storage.set(storageKeys.adminToken, token)
  } else if (adminToken && adminToken === token) {
    storage.remove(storageKeys.adminToken)
  }
}

/**
 * Restores the session from the stored token. A token the server refuses
 * (4xx: expired, revoked, unknown, the account blocked) is forgotten; a
 * failure that says nothing of the token — the network, a time-out, a page
 * reloaded mid-call, a server error — keeps it, so the next load signs in
 * again.
 */
export async function restoreSession(signal?: AbortSignal): Promise<SessionUser> {
  const token = storage.get(storageKeys.token)
  try {
    const { user, serverTime } = await getUserDetail(signal)
    settleAdminToken(token, user)
    return toSessionUser(user, serverTime)
  } catch (error) {
    if (isApiError(error) && error.statusCode >= 400 && error.statusCode < 500) clearSession()
    throw error
  }
}

export const userQueryKey = [queryRoots.user, 'detail'] as const

export function userQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: ({ signal }) => restoreSession(signal),
    staleTime: Infinity,
    retry: false,
    meta: { errorToast: false },
  })
}

/** The signed-in user; undefined while restoring or when there is no session. */
export function useUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...userQueryOptions(), enabled: options.enabled ?? true })
}
