import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { franchiseKeys } from '@/lib/query-keys'
import { franchisesQueryKey } from '@/lib/session'
import { storePath } from './store-path'
import type { Store } from './types'

export function deleteStore({ franchise, store }: { franchise: string; store: Pick<Store, 'slug' | 'name'> }) {
  return api.delete<{ ok: boolean }>(storePath(franchise, store.slug), { name: store.name })
}

export function useDeleteStore() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteStore,
    onSuccess: (_data, { franchise }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: franchiseKeys.stores(franchise) }),
        // The store's TVs go with it.
        queryClient.invalidateQueries({ queryKey: franchiseKeys.displays(franchise) }),
        // Groups show how many stores and TVs they have.
        queryClient.invalidateQueries({ queryKey: franchisesQueryKey }),
      ]),
    // The fallback names the store, so each call sets it (see DeleteStoreDialog).
    meta: { errorToast: false },
  })
}
