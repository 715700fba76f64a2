import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { RecoverPasswordInput } from '../schemas'

export const RECOVERY_ERROR_FALLBACK = 'Houve algum erro ao solicitar a recuperação de senha. Tente novamente.'

/** The answer may carry an `error` field instead of failing; the screen then stops without a word. */
export type RequestPasswordResetResponse = { ok?: boolean; error?: unknown }

export function requestPasswordReset(input: RecoverPasswordInput) {
  return api.post<RequestPasswordResetResponse>('/user/request-reset-pwd', input, { auth: 'none' })
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    meta: { errorToast: { fallback: RECOVERY_ERROR_FALLBACK } },
  })
}
