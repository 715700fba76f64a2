import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, isApiError } from '@/lib/api-client'
import { byName } from '@/lib/format'
import { dashboardKeys } from './keys'
import type { ScheduleRef } from './types'

/**
 * The franchise's schedules, for linking one to a TV. Only id and name are
 * read. Until the server serves the schedules route (404), the list is empty.
 */
export async function getScheduleRefs(franchise: string, signal?: AbortSignal): Promise<ScheduleRef[]> {
  try {
    const { scheduleList } = await api.get<{ scheduleList?: ScheduleRef[] }>(`/schedule/${encodeURIComponent(franchise)}`, {
      signal,
    })
    return (scheduleList ?? []).map(({ id, name }) => ({ id, name })).sort(byName)
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return []
    throw error
  }
}

export function scheduleRefsQueryOptions(franchise: string) {
  return queryOptions({
    queryKey: dashboardKeys.scheduleRefs(franchise),
    queryFn: ({ signal }) => getScheduleRefs(franchise, signal),
  })
}

export function useScheduleRefs(franchise: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({ ...scheduleRefsQueryOptions(franchise ?? ''), enabled: !!franchise && (options.enabled ?? true) })
}
