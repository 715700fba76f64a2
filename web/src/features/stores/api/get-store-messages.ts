import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { franchiseKeys } from '@/lib/query-keys'
import { storePath } from './store-path'
import type { StoreMessage } from './types'

/** While the list is on screen it follows the delivery statuses the WhatsApp webhook reports. */
export const STORE_MESSAGES_REFRESH_MS = 15_000

/** The franchise's latest WhatsApp messages (50 at most), newest first. */
export function getStoreMessages(franchise: string, signal?: AbortSignal) {
  return api.get<{ messages: StoreMessage[] }>(storePath(franchise, 'notify'), { signal })
}

/** Under the stores' key: a store or contact change renames the contacts listed. */
export const storeMessagesQueryKey = (franchise: string) => [...franchiseKeys.stores(franchise), 'messages'] as const

export function storeMessagesQueryOptions(franchise: string) {
  return queryOptions({
    queryKey: storeMessagesQueryKey(franchise),
    queryFn: async ({ signal }) => (await getStoreMessages(franchise, signal)).messages ?? [],
    // Statuses change on their own: each opening of the dialog asks again.
    staleTime: 0,
    refetchOnMount: true,
    refetchInterval: STORE_MESSAGES_REFRESH_MS,
    // The list accompanies the form; when it cannot be read the form still works.
    meta: { errorToast: false },
  })
}

export function useStoreMessages(franchise: string | undefined) {
  return useQuery({ ...storeMessagesQueryOptions(franchise ?? ''), enabled: !!franchise })
}
