import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { TokenList } from './types'

export const tokensQueryKey = (franchise: string) => ['tokens', franchise] as const

export function getTokens(franchise: string, signal?: AbortSignal) {
  return api.get<TokenList>(`/tokens/${encodeURIComponent(franchise)}`, { signal })
}

export function tokensQueryOptions(franchise: string) {
  return queryOptions({
    queryKey: tokensQueryKey(franchise),
    queryFn: ({ signal }) => getTokens(franchise, signal),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao carregar os tokens.' } },
  })
}

/** Asked again at each visit of the page: the tokens' last use changes without the console. */
export function useTokens(franchise: string | undefined, enabled = true) {
  return useQuery({ ...tokensQueryOptions(franchise ?? ''), enabled: !!franchise && enabled, refetchOnMount: 'always' })
}
