import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { localKeys, localPath } from './keys'
import type { StoreLocal } from './types'

export function getStoreLocal(franchise: string, store: string, signal?: AbortSignal) {
  return api.get<StoreLocal>(localPath(franchise, store), { signal })
}

export function storeLocalQueryOptions(franchise: string, store: string) {
  return queryOptions({
    queryKey: localKeys.store(franchise, store),
    queryFn: ({ signal }) => getStoreLocal(franchise, store, signal),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao carregar o conteúdo local da loja.' } },
  })
}

export function useStoreLocal(franchise: string | undefined, store: string | undefined) {
  return useQuery({ ...storeLocalQueryOptions(franchise ?? '', store ?? ''), enabled: !!franchise && !!store })
}
