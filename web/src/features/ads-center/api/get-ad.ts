import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { adKeys, advertisePath } from './keys'
import type { Advertise } from './types'

/** One advertisement with its media in play order (each with its type, address and thumbnail). */
export async function getAd(franchise: string, id: string, signal?: AbortSignal) {
  const { advertise } = await api.get<{ advertise: Advertise }>(advertisePath(franchise, id), { signal })
  return { ...advertise, media: advertise.media ?? [] }
}

export function adQueryOptions(franchise: string, id: string) {
  return queryOptions({
    queryKey: adKeys.detail(franchise, id),
    refetchOnMount: true,
    staleTime: 0,
    queryFn: ({ signal }) => getAd(franchise, id, signal),
    // A missing advertisement is said on the page ('Anúncio não encontrado.').
    meta: { errorToast: false },
  })
}

export function useAd(franchise: string | undefined, id: string | undefined) {
  return useQuery({ ...adQueryOptions(franchise ?? '', id ?? ''), enabled: !!franchise && !!id })
}
