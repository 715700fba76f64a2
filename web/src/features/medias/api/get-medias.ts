import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { MediaLibrary } from '../types'
import { franchisePath, mediaKeys } from './keys'

/** The library's call: the folder tree alone (every file once), also sent early by app/early-calls.ts. */
export function libraryPath(franchise: string) {
  return `/media/${franchisePath(franchise)}?only=folderMap`
}

export function getMedias(franchise: string, signal?: AbortSignal) {
  return api.get<MediaLibrary>(libraryPath(franchise), { signal })
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
