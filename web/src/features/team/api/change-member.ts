import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryRoots } from '@/lib/query-keys'
import { teamQueryKey } from './get-team'
import type { TeamMember, TeamMemberInput } from './types'

export function changeMember(franchise: string, userId: string, input: TeamMemberInput) {
  return api.post<{ member: TeamMember }>(`/team/${encodeURIComponent(franchise)}/${encodeURIComponent(userId)}`, input)
}

export function useChangeMember(franchise: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: TeamMemberInput }) => changeMember(franchise ?? '', userId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamQueryKey(franchise ?? '') }),
        // A change of one's own membership changes the session's roles.
        queryClient.invalidateQueries({ queryKey: [queryRoots.user] }),
      ]),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao alterar o membro.' } },
  })
}
