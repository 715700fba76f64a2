import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { sortByName } from '@/lib/name-order'
import { scheduleKeys } from './keys'
import type { ScheduleRef } from './types'

/** The franchise's schedules, for linking one to a TV. Only id and name are read. */
export async function getScheduleRefs(franchise: string, signal?: AbortSignal): Promise<ScheduleRef[]> {
  const { scheduleList } = await api.get<{ scheduleList: ScheduleRef[] }>(`/schedule/${encodeURIComponent(franchise)}`, {
    signal,
  })
  return sortByName(scheduleList.map(({ id, name }) => ({ id, name })))
}

export function scheduleRefsQueryOptions(franchise: string) {
  return queryOptions({
    queryKey: scheduleKeys.refs(franchise),
    queryFn: ({ signal }) => getScheduleRefs(franchise, signal),
  })
}

export function useScheduleRefs(franchise: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({ ...scheduleRefsQueryOptions(franchise ?? ''), enabled: !!franchise && (options.enabled ?? true) })
}
