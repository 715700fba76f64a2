import { storage, storageKeys } from '@/lib/storage'
import type { User } from './types'

/**
 * An administrator is acting as this user: an admin token is stored that is
 * not the session's own token (spec 1, section 6: "Impersonation is detected
 * by an admin token in local storage").
 */
export function actsForAdmin(token: string | null, adminToken: string | null) {
  return !!token && !!adminToken && adminToken !== token
}

/** The same, read from storage now (the tokens may have changed since the page was drawn). */
export function hasImpersonationToken() {
  return actsForAdmin(storage.get(storageKeys.token), storage.get(storageKeys.adminToken))
}

/**
 * An impersonation is in progress: the stored tokens say so, or the server
 * does (GET /user/detail names the administrator behind the session). The
 * admin token then belongs to that administrator and must stay as it is.
 */
export function impersonationInProgress(token: string | null, adminToken: string | null, user: Pick<User, 'impersonator'>) {
  return actsForAdmin(token, adminToken) || !!user.impersonator
}
