import { errorToast } from '@/hooks/use-toast'
import { useSession } from '@/lib/session'
import { adminGuardMessages } from '../schemas'

/**
 * Checks, before an admin call, that someone is signed in with an admin token.
 * Returns false (after telling the user) when not.
 */
export function useAdminGuard() {
  const { user, hasAdminToken } = useSession()
  return {
    /** For the franchise dialog. */
    requireAdmin() {
      if (!user) return fail(adminGuardMessages.notLoggedIn)
      if (!hasAdminToken) return fail(adminGuardMessages.notAdmin)
      return true
    },
    /** For the edit-name dialog. */
    requireLogin() {
      if (!user || !hasAdminToken) return fail(adminGuardMessages.loginRequired)
      return true
    },
  }
}

function fail(message: string) {
  errorToast(message)
  return false
}
