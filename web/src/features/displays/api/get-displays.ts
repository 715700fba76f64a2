import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { sortByName } from '@/lib/name-order'
import { franchiseKeys } from '@/lib/query-keys'
import type { Display } from './types'

/** How often the overview asks again; the server answers 304 when nothing changed. */
export const DISPLAYS_REFRESH_MS = 30_000

/** Every TV of the franchise in one call. */
export function getDisplays(franchise: string, signal?: AbortSignal) {
  return api.get<{ displayList: Display[] }>(`/display/${encodeURIComponent(franchise)}`, { signal })
}

export function displaysQueryOptions(franchise: string) {
  return queryOptions({
    queryKey: franchiseKeys.displays(franchise),
    queryFn: async ({ signal }) => sortByName((await getDisplays(franchise, signal)).displayList ?? []),
  })
}

export function useDisplays(franchise: string | undefined) {
  return useQuery({
    ...displaysQueryOptions(franchise ?? ''),
    enabled: !!franchise,
    refetchInterval: DISPLAYS_REFRESH_MS,
    // The status of a TV matters most when nobody is looking at the tab.
    refetchIntervalInBackground: true,
  })
}
