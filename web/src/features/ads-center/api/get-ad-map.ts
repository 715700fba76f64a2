import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { adKeys, advertisePath } from './keys'
import type { AdMap } from './types'

/** How long a read of the calendar is not read again when the calendar opens. */
const MAP_FRESH_MS = 5_000

/** Every screen with an ad slot and, per day of the next 6 months, its free positions. */
export async function getAdMap(franchise: string, signal?: AbortSignal): Promise<AdMap> {
  const map = await api.get<AdMap>(advertisePath(franchise, 'map'), { signal })
  return { ...map, data: map.data ?? [] }
}

export function adMapQueryOptions(franchise: string) {
  return queryOptions({
    queryKey: adKeys.map(franchise),
    // Others book too: read it afresh each time the calendar opens, unless it
    // was read in the last few seconds (the first load's answer, put in the
    // cache just before the calendar is drawn: app/early-calls.ts).
    refetchOnMount: true,
    staleTime: MAP_FRESH_MS,
    queryFn: ({ signal }) => getAdMap(franchise, signal),
  })
}

export function useAdMap(franchise: string | undefined) {
  return useQuery({ ...adMapQueryOptions(franchise ?? ''), enabled: !!franchise })
}
