import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { withLoading } from '@/lib/loading'
import { navigateTo } from '@/lib/navigation'
import { beginSession, franchisesQueryOptions, userQueryOptions } from '@/lib/session'
import { storage, storageKeys } from '@/lib/storage'
import { sleep } from '@/lib/utils'

export const IMPERSONATION_WAIT_MS = 1000

export function requestImpersonation(email: string) {
  return api.post<{ token?: string; error?: unknown }>('/user/impersonate', { email }, { auth: 'admin' })
}

/**
 * Signs in as another user while the admin token stays stored. The whole
 * sequence runs in the mutation so that it finishes even though the page that
 * started it goes away.
 */
export async function impersonate(queryClient: QueryClient, email: string) {
  await withLoading(async () => {
    if (!storage.get(storageKeys.adminToken)) return
    const { token, error } = await requestImpersonation(email)
    if (!token || error) return
    storage.remove(storageKeys.token, storageKeys.franchise)
    await sleep(IMPERSONATION_WAIT_MS)
    beginSession(queryClient, token)
    await queryClient.fetchQuery(userQueryOptions())
    storage.remove(storageKeys.franchise)
    await queryClient.fetchQuery(franchisesQueryOptions())
    navigateTo('/dashboard', { replace: true })
  })
}

/** Failures are not shown: the admin stays where they were. */
export function useImpersonate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (email: string) => impersonate(queryClient, email),
    meta: { errorToast: false },
  })
}
