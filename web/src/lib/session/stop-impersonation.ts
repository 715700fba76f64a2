import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { withLoading } from '@/lib/loading'
import { logout } from './logout'
import { storage, storageKeys } from '@/lib/storage'

/**
 * Leaves an impersonation: ends the impersonation session on the server
 * (the administrator's own session stays), makes the stored admin token the
 * session's token again and reloads the administrator's console on the
 * overview, so nothing of the impersonated user stays cached.
 */
export async function stopImpersonation() {
  await withLoading(async () => {
    const adminToken = storage.get(storageKeys.adminToken)
    if (!adminToken) {
      await logout()
      return
    }
    try {
      await api.post<{ ok: boolean }>('/user/logout', {}, { timeoutMs: 5000 })
    } catch {
      // The impersonation session expires on its own; the administrator leaves it either way.
    }
    storage.remove(storageKeys.franchise)
    storage.set(storageKeys.token, adminToken)
    window.location.assign('/dashboard')
  })
}

export function useStopImpersonation() {
  return useMutation({ mutationFn: stopImpersonation, meta: { errorToast: false } })
}
