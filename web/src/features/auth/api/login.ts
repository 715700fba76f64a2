import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { LoginInput } from '../schemas'

export const LOGIN_ERROR_FALLBACK = 'Houve algum erro ao logar. Verifique suas credenciais e tente novamente.'

export function login(input: LoginInput) {
  return api.post<{ token: string }>('/user/auth', input, { auth: 'none' })
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    meta: { errorToast: { fallback: LOGIN_ERROR_FALLBACK } },
  })
}
