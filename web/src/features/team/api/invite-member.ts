import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { teamQueryKey } from './get-team'
import type { TeamInvitation, TeamInviteInput } from './types'

export function inviteMember(franchise: string, input: TeamInviteInput) {
  return api.post<{ invitation: TeamInvitation }>(`/team/${encodeURIComponent(franchise)}/invite`, input)
}

export function useInviteMember(franchise: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: TeamInviteInput) => inviteMember(franchise ?? '', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey(franchise ?? '') }),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao enviar o convite.' } },
  })
}
