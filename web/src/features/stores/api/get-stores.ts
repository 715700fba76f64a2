import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { sortByName } from '@/lib/name-order'
import { franchiseKeys } from '@/lib/query-keys'
import { storePath } from './store-path'
import type { Store } from './types'

export function getStores(franchise: string, signal?: AbortSignal) {
  return api.get<{ storeList: Store[] }>(storePath(franchise), { signal })
}

export function storesQueryOptions(franchise: string) {
  return queryOptions({
    queryKey: franchiseKeys.stores(franchise),
    queryFn: async ({ signal }) => sortByName((await getStores(franchise, signal)).storeList ?? []),
  })
}

export function useStores(franchise: string | undefined) {
  return useQuery({ ...storesQueryOptions(franchise ?? ''), enabled: !!franchise })
}
