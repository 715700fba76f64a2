import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { adKeys, advertisePath } from './keys'
import type { AdPlay } from './types'

/** How many times the advertisement played, per day and screen (recorded by the players). */
export async function getAdPlays(franchise: string, id: string, signal?: AbortSignal) {
  const { plays } = await api.get<{ plays: AdPlay[] | null }>(advertisePath(franchise, id, 'plays'), { signal })
  return plays ?? []
}

export function adPlaysQueryOptions(franchise: string, id: string) {
  return queryOptions({
    queryKey: adKeys.plays(franchise, id),
    refetchOnMount: true,
    staleTime: 0,
    queryFn: ({ signal }) => getAdPlays(franchise, id, signal),
  })
}

export function useAdPlays(franchise: string | undefined, id: string | undefined) {
  return useQuery({ ...adPlaysQueryOptions(franchise ?? '', id ?? ''), enabled: !!franchise && !!id })
}
