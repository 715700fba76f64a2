import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { scheduleKeys, schedulePath } from './keys'
import type { Schedule, ScheduleEntry } from './types'

/** One schedule with its entries, each media entry with its type, address and thumbnail. */
export async function getSchedule(franchise: string, id: string, signal?: AbortSignal) {
  const { schedule, media } = await api.get<{ schedule: Schedule; media: ScheduleEntry[] }>(
    `${schedulePath(franchise, id)}?fullMedia=true`,
    { signal },
  )
  return { ...schedule, media: media ?? schedule.media ?? [] }
}

export function scheduleQueryOptions(franchise: string, id: string) {
  return queryOptions({
    queryKey: scheduleKeys.detail(franchise, id),
    // A list left stale by a save elsewhere is read again when its screen comes back.
    refetchOnMount: true,
    queryFn: ({ signal }) => getSchedule(franchise, id, signal),
    staleTime: 0,
  })
}

export function useSchedule(franchise: string | undefined, id: string | undefined) {
  return useQuery({ ...scheduleQueryOptions(franchise ?? '', id ?? ''), enabled: !!franchise && !!id })
}
