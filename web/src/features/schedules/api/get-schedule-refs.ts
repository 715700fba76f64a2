import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { sortByName } from '@/lib/name-order'
import { scheduleKeys } from './keys'
import type { ScheduleRef } from './types'

/** A schedule a TV may be linked to; franchisees link only those 'Disponível para franqueados'. */
export type LinkableSchedule = ScheduleRef & { forFranchisees: boolean }

/** The franchise's schedules, for linking one to a TV. Only id, name and availability are read. */
export async function getScheduleRefs(franchise: string, signal?: AbortSignal): Promise<LinkableSchedule[]> {
  const { scheduleList } = await api.get<{ scheduleList: LinkableSchedule[] }>(`/schedule/${encodeURIComponent(franchise)}`, {
    signal,
  })
  return sortByName(scheduleList.map(({ id, name, forFranchisees }) => ({ id, name, forFranchisees: forFranchisees === true })))
}

/** The schedules the member may link a TV to. */
export function linkable(list: readonly LinkableSchedule[], availableOnly: boolean): LinkableSchedule[] {
  return availableOnly ? list.filter((s) => s.forFranchisees) : [...list]
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
