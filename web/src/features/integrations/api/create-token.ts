import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { tokensQueryKey } from './get-tokens'
import type { TokenCreated, TokenInput } from './types'

export function createToken(franchise: string, input: TokenInput) {
  return api.post<TokenCreated>(`/tokens/${encodeURIComponent(franchise)}`, input)
}

export function useCreateToken(franchise: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: TokenInput) => createToken(franchise ?? '', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey(franchise ?? '') }),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao criar o token.' } },
  })
}
