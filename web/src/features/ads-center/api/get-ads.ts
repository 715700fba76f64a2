import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { adKeys, advertisePath } from './keys'
import type { Advertise } from './types'

/** The franchise's advertisements, each with its count of booked screens. */
export async function getAds(franchise: string, signal?: AbortSignal) {
  const { advertises } = await api.get<{ advertises: Advertise[] | null }>(advertisePath(franchise), { signal })
  return advertises ?? []
}

export function adsQueryOptions(franchise: string) {
  return queryOptions({
    queryKey: adKeys.list(franchise),
    // A list left stale by a change elsewhere is read again when its screen comes back.
    refetchOnMount: true,
    queryFn: ({ signal }) => getAds(franchise, signal),
  })
}

export function useAds(franchise: string | undefined) {
  return useQuery({ ...adsQueryOptions(franchise ?? ''), enabled: !!franchise })
}
