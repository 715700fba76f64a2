import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

export type SSOSettings = components['schemas']['SSOSettings']
export type SSOInput = components['schemas']['SSOInput']

export const ssoQueryKey = (franchise: string) => ['sso', franchise] as const
const path = (franchise: string) => `/sso/settings/${encodeURIComponent(franchise)}`

export function useSSOSettings(franchise: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ssoQueryKey(franchise ?? ''),
    queryFn: ({ signal }) => api.get<SSOSettings>(path(franchise ?? ''), { signal }),
    enabled: !!franchise && enabled,
    meta: { errorToast: { fallback: 'Ocorreu um erro ao carregar o login único.' } },
  })
}

export function useSaveSSO(franchise: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SSOInput) => api.put<SSOSettings>(path(franchise ?? ''), input),
    onSuccess: (saved) => queryClient.setQueryData(ssoQueryKey(franchise ?? ''), saved),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao salvar o login único.' } },
  })
}

export function useDeleteSSO(franchise: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.delete<{ ok: boolean }>(path(franchise ?? '')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoQueryKey(franchise ?? '') }),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao desligar o login único.' } },
  })
}
