import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { NewPasswordInput } from '../schemas'

export const RESET_ERROR_FALLBACK =
  'Houve algum erro ao alterar a senha. Verifique seu código de recuperação e tente novamente.'

export type ResetPasswordInput = Pick<NewPasswordInput, 'auth'> & { code: string }

export function resetPassword(input: ResetPasswordInput) {
  return api.post<{ ok: boolean }>('/user/reset-pwd-link', input, { auth: 'none' })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    meta: { errorToast: { fallback: RESET_ERROR_FALLBACK } },
  })
}
