import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { teamQueryKey } from './get-team'

export function removeMember(franchise: string, userId: string) {
  return api.delete<{ ok: boolean }>(`/team/${encodeURIComponent(franchise)}/${encodeURIComponent(userId)}`)
}

export function useRemoveMember(franchise: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) => removeMember(franchise ?? '', userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey(franchise ?? '') }),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao remover o membro.' } },
  })
}
