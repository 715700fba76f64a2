import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { storage, storageKeys } from '@/lib/storage'
import type { ChangePasswordInput } from '../schemas'

export type ChangePasswordRequest = Omit<ChangePasswordInput, 'confirmAuth'>

export function changePassword(input: ChangePasswordRequest) {
  return api.post<{ token: string }>('/user/pwd', input)
}

/**
 * Every older token is revoked by the server, so the new one replaces the
 * stored token, and the admin token too when it was the same one.
 */
function storeRenewedToken(token: string) {
  const previous = storage.get(storageKeys.token)
  if (previous && storage.get(storageKeys.adminToken) === previous) storage.set(storageKeys.adminToken, token)
  storage.set(storageKeys.token, token)
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ token }) => storeRenewedToken(token),
    meta: { errorToast: { serverTitle: 'Falha ao mudar senha' } },
  })
}
