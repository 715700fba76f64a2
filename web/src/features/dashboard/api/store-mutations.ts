import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { franchisesQueryKey } from '@/lib/session'
import type { MessageInput, StoreBody } from '../schemas'
import { dashboardKeys } from './keys'
import type { Store } from './types'

const path = (franchise: string, ...rest: string[]) =>
  ['/store', franchise, ...rest].map((part, i) => (i === 0 ? part : encodeURIComponent(part))).join('/')

/** Stores changed: their list, the TVs (a deleted store takes its TVs) and the group counters. */
function storesChanged(queryClient: QueryClient, franchise: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: dashboardKeys.stores(franchise) }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.displays(franchise) }),
    queryClient.invalidateQueries({ queryKey: franchisesQueryKey }),
  ])
}

export function createStore({ franchise, body }: { franchise: string; body: StoreBody }) {
  return api.post<{ store: Store }>(path(franchise), body)
}

export function useCreateStore() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createStore,
    onSuccess: (_data, { franchise }) => storesChanged(queryClient, franchise),
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao criar loja.' } },
  })
}

export function updateStore({ franchise, slug, body }: { franchise: string; slug: string; body: StoreBody }) {
  return api.post<{ store: Store }>(path(franchise, slug), body)
}

export function useUpdateStore() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateStore,
    onSuccess: (_data, { franchise }) => storesChanged(queryClient, franchise),
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao atualizar a loja.' } },
  })
}

export function deleteStore({ franchise, store }: { franchise: string; store: Pick<Store, 'slug' | 'name'> }) {
  return api.delete<{ ok: boolean }>(path(franchise, store.slug), { name: store.name })
}

export function useDeleteStore() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteStore,
    onSuccess: (_data, { franchise }) => storesChanged(queryClient, franchise),
    // The fallback names the store, so each call sets it (see DeleteStoreDialog).
    meta: { errorToast: false },
  })
}

/** WhatsApp message to the contacts of the chosen stores. */
export function notifyStores({ franchise, input }: { franchise: string; input: MessageInput }) {
  return api.post<{ queued: number }>(path(franchise, 'notify'), input)
}

export function useNotifyStores() {
  return useMutation({
    mutationFn: notifyStores,
    meta: { errorToast: { fallback: 'Ocorreu algum enviar a mensagem.' } },
  })
}
