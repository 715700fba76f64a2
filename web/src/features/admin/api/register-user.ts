import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { User } from '@/lib/session'
import type { NewUserInput } from '../schemas'
import { adminKeys } from './keys'

/** With the admin token the server creates the user already verified. */
export function registerUser(input: NewUserInput) {
  return api.post<{ user: User }>('/user/register', input, { auth: 'admin' })
}

export function useRegisterUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: registerUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
    meta: {
      errorToast: {
        fallback: 'Ocorreu um erro ao tentar cadastrar o usuário. Por favor, tente novamente.',
        serverTitle: 'Falha ao cadastrar',
      },
    },
  })
}
