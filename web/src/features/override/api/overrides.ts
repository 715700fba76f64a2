import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { useStreamLive } from '@/lib/events'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']
export type Override = Schemas['Override']
export type OverrideInput = Schemas['OverrideInput']
export type OverrideTarget = OverrideInput['target']

/** While the tab's event stream is down, the page asks again this often. */
export const OVERRIDES_REFRESH_MS = 5_000
/** While it is up, confirmations, starts and clears come on the stream; the list is read again at the next scheduled start or end, and at least this often. */
export const OVERRIDES_STREAM_REFRESH_MS = 60_000
/** A start or end is read this long after its time, and no sooner than this after the last read. */
const BOUNDARY_SLACK_MS = 300
const BOUNDARY_MIN_MS = 1_000

/**
 * When to read the list again: every OVERRIDES_REFRESH_MS without the
 * stream; with it, when the next listed override starts or ends (the state
 * shown is the server's at the read), within OVERRIDES_STREAM_REFRESH_MS.
 */
export function overridesRefreshIn(list: Override[] | undefined, now: number, streaming: boolean): number {
  if (!streaming) return OVERRIDES_REFRESH_MS
  let next = OVERRIDES_STREAM_REFRESH_MS
  for (const o of list ?? []) {
    const due = o.state === 'scheduled' ? o.startsAt : o.state === 'active' && o.endsAt > 0 ? o.endsAt : undefined
    if (due === undefined) continue
    next = Math.min(next, Math.max(due - now + BOUNDARY_SLACK_MS, BOUNDARY_MIN_MS))
  }
  return next
}

export const overridesQueryKey = (franchise: string) => ['overrides', franchise] as const
const path = (franchise: string) => `/override/${encodeURIComponent(franchise)}`

export function overridesQueryOptions(franchise: string) {
  return queryOptions({
    queryKey: overridesQueryKey(franchise),
    queryFn: ({ signal }) => api.get<{ overrides: Override[] }>(path(franchise), { signal }),
    staleTime: 0,
    refetchOnMount: true,
    meta: { errorToast: { fallback: 'Ocorreu um erro ao carregar as mensagens de emergência.' } },
  })
}

/** The franchise's overrides, kept current by the tab's event stream (polling while it is down). */
export function useOverrides(franchise: string | undefined) {
  const streaming = useStreamLive()
  return useQuery({
    ...overridesQueryOptions(franchise ?? ''),
    enabled: !!franchise,
    refetchInterval: (query) => overridesRefreshIn(query.state.data?.overrides, Date.now(), streaming),
  })
}

/** How many TVs a target reaches now, asked before the confirmation. */
export function useOverrideReach(franchise: string | undefined) {
  return useMutation({
    mutationFn: (input: OverrideInput) => api.post<{ reach: number }>(`${path(franchise ?? '')}/reach`, input),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao contar as TVs.' } },
  })
}

export function useStartOverride(franchise: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: OverrideInput) => api.post<{ override: Override }>(path(franchise ?? ''), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overridesQueryKey(franchise ?? '') }),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao exibir a mensagem.' } },
  })
}

export function useClearOverride(franchise: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.post<{ override: Override }>(`${path(franchise ?? '')}/${encodeURIComponent(id)}/clear`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overridesQueryKey(franchise ?? '') }),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao encerrar a mensagem.' } },
  })
}
