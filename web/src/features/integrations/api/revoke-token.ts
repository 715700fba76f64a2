import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { tokensQueryKey } from './get-tokens'

export function revokeToken(franchise: string, id: string) {
  return api.delete<{ ok: boolean }>(`/tokens/${encodeURIComponent(franchise)}/${encodeURIComponent(id)}`)
}

export function useRevokeToken(franchise: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => revokeToken(franchise ?? '', id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey(franchise ?? '') }),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao revogar o token.' } },
  })
}
