import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { activityAuth, activityPath } from './activity-path'
import type { ActivityFilters, ActivitySource, AuditPage } from './types'

export const activityQueryKey = (source: ActivitySource, filters: ActivityFilters) => ['activity', source.kind, source.franchise, filters] as const

export function getActivity(source: ActivitySource, filters: ActivityFilters, before?: number, signal?: AbortSignal) {
  const extra: Record<string, string> = before ? { before: String(before) } : {}
  return api.get<AuditPage>(activityPath(source, filters, extra), { auth: activityAuth(source), signal })
}

export function activityQueryOptions(source: ActivitySource, filters: ActivityFilters) {
  return infiniteQueryOptions({
    queryKey: activityQueryKey(source, filters),
    queryFn: ({ pageParam, signal }) => getActivity(source, filters, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    // Every visit reads the trail again: a change made a moment ago is there.
    staleTime: 0,
    refetchOnMount: true,
    meta: { errorToast: { fallback: 'Ocorreu um erro ao carregar a atividade.' } },
  })
}

/** The records a page at a time, newest first ('Carregar mais' fetches the next). */
export function useActivity(source: ActivitySource | undefined, filters: ActivityFilters) {
  return useInfiniteQuery({
    ...activityQueryOptions(source ?? { kind: 'group', franchise: '' }, filters),
    enabled: !!source && (source.kind === 'admin' || !!source.franchise),
    // Changing a filter keeps the records shown until the new ones arrive.
    placeholderData: keepPreviousData,
  })
}
