import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { sortByName } from '@/lib/name-order'
import { franchiseKeys } from '@/lib/query-keys'
import type { Display } from './types'

/**
 * Every TV of the franchise, under the same key and in the same shape as the
 * displays feature's list (which imports this feature, so it is not imported
 * back): linking a schedule refreshes both.
 */
export function useFranchiseDisplays(franchise: string | undefined) {
  return useQuery({
    queryKey: franchiseKeys.displays(franchise ?? ''),
    queryFn: async ({ signal }) =>
      sortByName((await api.get<{ displayList: Display[] }>(`/display/${encodeURIComponent(franchise ?? '')}`, { signal })).displayList ?? []),
    enabled: !!franchise,
  })
}
