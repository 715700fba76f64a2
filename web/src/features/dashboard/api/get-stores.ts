import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { byName } from '@/lib/format'
import { dashboardKeys } from './keys'
import type { Store } from './types'

export function getStores(franchise: string, signal?: AbortSignal) {
  return api.get<{ storeList: Store[] }>(`/store/${encodeURIComponent(franchise)}`, { signal })
}

export function storesQueryOptions(franchise: string) {
  return queryOptions({
    queryKey: dashboardKeys.stores(franchise),
    queryFn: async ({ signal }) => [...((await getStores(franchise, signal)).storeList ?? [])].sort(byName),
  })
}

export function useStores(franchise: string | undefined) {
  return useQuery({ ...storesQueryOptions(franchise ?? ''), enabled: !!franchise })
}
