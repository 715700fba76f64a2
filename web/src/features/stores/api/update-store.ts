import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { franchiseKeys } from '@/lib/query-keys'
import { franchisesQueryKey } from '@/lib/session'
import type { StoreBody } from '../schemas'
import { storePath } from './store-path'
import type { Store } from './types'

export function updateStore({ franchise, slug, body }: { franchise: string; slug: string; body: StoreBody }) {
  return api.post<{ store: Store }>(storePath(franchise, slug), body)
}

export function useUpdateStore() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateStore,
    onSuccess: (_data, { franchise }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: franchiseKeys.stores(franchise) }),
        queryClient.invalidateQueries({ queryKey: franchiseKeys.displays(franchise) }),
        queryClient.invalidateQueries({ queryKey: franchisesQueryKey }),
      ]),
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao atualizar a loja.' } },
  })
}
