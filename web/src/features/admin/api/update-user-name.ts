import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { userQueryOptions, useSession, type User } from '@/lib/session'
import type { EditUserNameInput } from '../schemas'
import { adminKeys } from './keys'

/** The body of POST /user/detail/adm: the user's e-mail, the new name and, when set, the ads-center permission. */
export type UpdateUserNameInput = EditUserNameInput & { email: string; viewAdsCenter?: 0 | 1; emergencyOverride?: 0 | 1 }

export function updateUserName(input: UpdateUserNameInput) {
  return api.post<{ user: User }>('/user/detail/adm', input, { auth: 'admin' })
}

export function useUpdateUserName() {
  const queryClient = useQueryClient()
  const { user: self } = useSession()
  return useMutation({
    mutationFn: updateUserName,
    onSuccess: ({ user }) => {
      // An administrator who changes their own permission sees it at once (sidebar, /ads-center).
      if (self && user && user.email === self.email) {
        queryClient.setQueryData(userQueryOptions().queryKey, (current) =>
          current && {
            ...current,
            viewAdsCenter: user.viewAdsCenter,
            canUseAdsCenter: user.viewAdsCenter === 1,
            emergencyOverride: user.emergencyOverride,
            canOverride: current.isAdmin || user.emergencyOverride === 1 || !!current.impersonator,
          },
        )
      }
      return queryClient.invalidateQueries({ queryKey: adminKeys.users })
    },
    meta: { errorToast: { fallback: 'Ocorreu um erro ao atualizar o nome do usuário.' } },
  })
}
