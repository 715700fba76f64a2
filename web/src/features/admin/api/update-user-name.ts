import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { User } from '@/lib/session'
import type { EditUserNameInput } from '../schemas'
import { adminKeys } from './keys'

export type UpdateUserNameInput = EditUserNameInput & { email: string }

export function updateUserName(input: UpdateUserNameInput) {
  return api.post<{ user: User }>('/user/detail/adm', input, { auth: 'admin' })
}

export function useUpdateUserName() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUserName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao atualizar o nome do usuário.' } },
  })
}
