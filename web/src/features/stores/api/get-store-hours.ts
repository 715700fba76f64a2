import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { franchiseKeys } from '@/lib/query-keys'
import { storePath } from './store-path'
import type { StoreHoursAnswer } from './types'

export function getStoreHours(franchise: string, slug: string, signal?: AbortSignal) {
  return api.get<StoreHoursAnswer>(storePath(franchise, slug, 'hours'), { signal })
}

/** Under the franchise's stores key: whatever refreshes the stores refreshes their hours. */
export const storeHoursKey = (franchise: string, slug: string) => [...franchiseKeys.stores(franchise), slug, 'hours'] as const

export function storeHoursQueryOptions(franchise: string, slug: string) {
  return queryOptions({
    queryKey: storeHoursKey(franchise, slug),
    queryFn: ({ signal }) => getStoreHours(franchise, slug, signal),
  })
}

export function useStoreHours(franchise: string | undefined, slug: string | undefined) {
  return useQuery({ ...storeHoursQueryOptions(franchise ?? '', slug ?? ''), enabled: !!franchise && !!slug })
}
