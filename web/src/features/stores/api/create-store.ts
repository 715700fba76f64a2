import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { franchiseKeys } from '@/lib/query-keys'
import { franchisesQueryKey } from '@/lib/session'
import type { StoreBody } from '../schemas'
import { storePath } from './store-path'
import type { Store } from './types'

export function createStore({ franchise, body }: { franchise: string; body: StoreBody }) {
  return api.post<{ store: Store }>(storePath(franchise), body)
}

export function useCreateStore() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createStore,
    onSuccess: (_data, { franchise }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: franchiseKeys.stores(franchise) }),
        queryClient.invalidateQueries({ queryKey: franchiseKeys.displays(franchise) }),
        // Groups show how many stores they have.
        queryClient.invalidateQueries({ queryKey: franchisesQueryKey }),
      ]),
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao criar loja.' } },
  })
}
