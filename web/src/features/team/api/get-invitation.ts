import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { InvitationView } from './types'

export const invitationQueryKey = (code: string) => ['invitation', code] as const

export function getInvitation(code: string, signal?: AbortSignal) {
  return api.get<InvitationView>(`/invite/${encodeURIComponent(code)}`, { signal, auth: 'none' })
}

export function invitationQueryOptions(code: string) {
  return queryOptions({
    queryKey: invitationQueryKey(code),
    queryFn: ({ signal }) => getInvitation(code, signal),
    retry: false,
  })
}

export function useInvitation(code: string | null) {
  return useQuery({ ...invitationQueryOptions(code ?? ''), enabled: !!code })
}
