import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { sortByName } from '@/lib/name-order'
import { scheduleKeys, schedulePath } from './keys'
import type { ScheduleSummary } from './types'

/** The franchise's schedules with duration (s) and linked-TV count, by name. */
export async function getSchedules(franchise: string, signal?: AbortSignal) {
  const { scheduleList } = await api.get<{ scheduleList: ScheduleSummary[] }>(schedulePath(franchise), { signal })
  return sortByName(scheduleList ?? [])
}

export function schedulesQueryOptions(franchise: string) {
  return queryOptions({
    queryKey: scheduleKeys.list(franchise),
    // A list left stale by a save elsewhere is read again when its screen comes back.
    refetchOnMount: true,
    queryFn: ({ signal }) => getSchedules(franchise, signal),
  })
}

export function useSchedules(franchise: string | undefined) {
  return useQuery({ ...schedulesQueryOptions(franchise ?? ''), enabled: !!franchise })
}
