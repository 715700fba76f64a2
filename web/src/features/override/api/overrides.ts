import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']
export type Override = Schemas['Override']
export type OverrideInput = Schemas['OverrideInput']
export type OverrideTarget = OverrideInput['target']

/** The page follows acknowledgements, starts and ends. */
export const OVERRIDES_REFRESH_MS = 5_000

export const overridesQueryKey = (franchise: string) => ['overrides', franchise] as const
const path = (franchise: string) => `/override/${encodeURIComponent(franchise)}`

export function overridesQueryOptions(franchise: string) {
  return queryOptions({
    queryKey: overridesQueryKey(franchise),
    queryFn: ({ signal }) => api.get<{ overrides: Override[] }>(path(franchise), { signal }),
    staleTime: 0,
    refetchOnMount: true,
    refetchInterval: OVERRIDES_REFRESH_MS,
    meta: { errorToast: { fallback: 'Ocorreu um erro ao carregar as mensagens de emergência.' } },
  })
}

export function useOverrides(franchise: string | undefined) {
  return useQuery({ ...overridesQueryOptions(franchise ?? ''), enabled: !!franchise })
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
