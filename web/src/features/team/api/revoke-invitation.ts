import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { teamQueryKey } from './get-team'

export function revokeInvitation(franchise: string, id: string) {
  return api.delete<{ ok: boolean }>(`/team/${encodeURIComponent(franchise)}/invite/${encodeURIComponent(id)}`)
}

export function useRevokeInvitation(franchise: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => revokeInvitation(franchise ?? '', id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey(franchise ?? '') }),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao cancelar o convite.' } },
  })
}
