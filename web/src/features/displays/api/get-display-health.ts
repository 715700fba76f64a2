import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryRoots } from '@/lib/query-keys'
import { displayPath } from './display-path'
import type { DisplayHealth, DisplayRef } from './types'

/** The health of one TV, under the franchise (a franchise switch reloads it). */
export const displayHealthKey = ({ franchise, store, id }: DisplayRef) => [queryRoots.displays, franchise, 'health', store, id] as const

/** The TV's latest health report, its last playback errors and its problems. */
export function getDisplayHealth(display: DisplayRef, signal?: AbortSignal) {
  return api.get<{ health: DisplayHealth }>(`${displayPath(display)}/health`, { signal })
}

/** Read fresh whenever the panel opens, and every 30 s while it stays open (players report with their acks). */
export function useDisplayHealth(display: DisplayRef | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: displayHealthKey(display ?? { franchise: '', store: '', id: '' }),
    queryFn: async ({ signal }) => (await getDisplayHealth(display!, signal)).health,
    enabled: enabled && !!display,
    staleTime: 0,
    refetchInterval: enabled ? 30_000 : false,
    meta: { errorToast: { fallback: 'Não foi possível carregar a saúde do televisor.' } },
  })
}
