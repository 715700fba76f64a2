import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { AlertsOverview } from './types'

/** The page follows TVs dropping and coming back, and the delivery statuses. */
export const ALERTS_REFRESH_MS = 30_000

export const alertsQueryKey = (franchise: string) => ['alerts', franchise] as const

export function getAlerts(franchise: string, signal?: AbortSignal) {
  return api.get<AlertsOverview>(`/alerts/${encodeURIComponent(franchise)}`, { signal })
}

export function alertsQueryOptions(franchise: string) {
  return queryOptions({
    queryKey: alertsQueryKey(franchise),
    queryFn: ({ signal }) => getAlerts(franchise, signal),
    staleTime: 0,
    refetchOnMount: true,
    refetchInterval: ALERTS_REFRESH_MS,
    meta: { errorToast: { fallback: 'Ocorreu um erro ao carregar os alertas.' } },
  })
}

export function useAlerts(franchise: string | undefined) {
  return useQuery({ ...alertsQueryOptions(franchise ?? ''), enabled: !!franchise })
}
