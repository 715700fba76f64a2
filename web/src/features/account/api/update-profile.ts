import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { userQueryKey, type User } from '@/lib/session'

export type UpdateProfileInput = { cpf: string; mobile: string; name: string; offlineAlertEmail?: boolean }

export function updateProfile(input: UpdateProfileInput) {
  return api.post<{ user: User }>('/user/detail', input)
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao atualizar o nome do usuário.' } },
  })
}
