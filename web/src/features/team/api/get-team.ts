import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Team } from './types'

export const teamQueryKey = (franchise: string) => ['team', franchise] as const

export function getTeam(franchise: string, signal?: AbortSignal) {
  return api.get<Team>(`/team/${encodeURIComponent(franchise)}`, { signal })
}

export function teamQueryOptions(franchise: string) {
  return queryOptions({
    queryKey: teamQueryKey(franchise),
    queryFn: ({ signal }) => getTeam(franchise, signal),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao carregar a equipe.' } },
  })
}

export function useTeam(franchise: string | undefined, enabled = true) {
  return useQuery({ ...teamQueryOptions(franchise ?? ''), enabled: !!franchise && enabled })
}
