import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { useStreamLive } from '@/lib/events'
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

/**
 * The franchise's TVs, the one hook for that list wherever it is shown.
 * The tab's event stream keeps it current (TV status within a second);
 * while the stream is down, `live` (the overview) asks again every
 * DISPLAYS_REFRESH_MS, even in a background tab; screens that only pick or
 * list TVs (a schedule's) read it once. A screen that draws something else
 * first passes `enabled: false` until it has: the list is not read (a list
 * already read is still given) and the query stays pending.
 */
export function useDisplays(
  franchise: string | undefined,
  { live = true, enabled = true }: { live?: boolean; enabled?: boolean } = {},
) {
  const streaming = useStreamLive()
  const poll = live && !streaming
  return useQuery({
    ...displaysQueryOptions(franchise ?? ''),
    enabled: !!franchise && enabled,
    refetchInterval: poll ? DISPLAYS_REFRESH_MS : false,
    // The status of a TV matters most when nobody is looking at the tab.
    refetchIntervalInBackground: poll,
  })
}
