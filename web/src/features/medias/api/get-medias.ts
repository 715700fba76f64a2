import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { MediaLibrary } from '../types'
import { franchisePath, mediaKeys } from './keys'

export function getMedias(franchise: string, signal?: AbortSignal) {
  return api.get<MediaLibrary>(`/media/${franchisePath(franchise)}`, { signal })
}

export function mediasQueryOptions(franchise: string) {
  return queryOptions({
    queryKey: mediaKeys.library(franchise),
    queryFn: ({ signal }) => getMedias(franchise, signal),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao carregar as mídias.' } },
  })
}

export function useMedias(franchise: string | undefined) {
  return useQuery({ ...mediasQueryOptions(franchise ?? ''), enabled: !!franchise })
}
