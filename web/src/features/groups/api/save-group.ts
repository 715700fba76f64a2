import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryRoots } from '@/lib/query-keys'
import type { Franchise } from '@/lib/session'
import type { GroupBody } from '../schemas'

export function createGroup(body: GroupBody) {
  return api.post<{ franchise: Franchise }>('/franchise', body)
}

export function updateGroup({ slug, body }: { slug: string; body: GroupBody }) {
  return api.post<{ franchise: Franchise }>(`/franchise/${encodeURIComponent(slug)}`, body)
}

/** Every franchise list (the session's, the user menu's, the admin's) shows the change. */
function useRefetchGroups() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: [queryRoots.franchises] })
}

export function useCreateGroup() {
  const refetch = useRefetchGroups()
  return useMutation({
    mutationFn: createGroup,
    onSuccess: refetch,
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao criar grupo.' } },
  })
}

export function useUpdateGroup() {
  const refetch = useRefetchGroups()
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: refetch,
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao editar grupo.' } },
  })
}
