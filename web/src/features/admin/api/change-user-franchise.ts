import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { User } from '@/lib/session'
import type { UserFranchiseInput } from '../schemas'
import { adminKeys } from './keys'

export type ChangeUserFranchiseInput = UserFranchiseInput & { email: string }

export function changeUserFranchise(input: ChangeUserFranchiseInput) {
  return api.post<{ user: User }>('/user/franchise', input, { auth: 'admin' })
}

export function useChangeUserFranchise() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeUserFranchise,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
    meta: { errorToast: { fallback: 'Não foi possível adicionar/remover a franquia do usuário. Tente novamente.' } },
  })
}
