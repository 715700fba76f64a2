import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { adKeys, advertisePath } from './keys'
import type { AdMap } from './types'

/** Every screen with an ad slot and, per day of the next 6 months, its free positions. */
export async function getAdMap(franchise: string, signal?: AbortSignal): Promise<AdMap> {
  const map = await api.get<AdMap>(advertisePath(franchise, 'map'), { signal })
  return { ...map, data: map.data ?? [] }
}

export function adMapQueryOptions(franchise: string) {
  return queryOptions({
    queryKey: adKeys.map(franchise),
    // Others book too: read it afresh each time the calendar opens.
    refetchOnMount: true,
    staleTime: 0,
    queryFn: ({ signal }) => getAdMap(franchise, signal),
  })
}

export function useAdMap(franchise: string | undefined) {
  return useQuery({ ...adMapQueryOptions(franchise ?? ''), enabled: !!franchise })
}
