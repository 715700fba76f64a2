import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export function verifyEmail(code: string) {
  return api.post<{ ok: boolean }>('/user/verify-link', { code }, { auth: 'none' })
}

/** Confirms the e-mail from the link's code; the login screen reports the outcome itself. */
export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail, meta: { errorToast: false } })
}
