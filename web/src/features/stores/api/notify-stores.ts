import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { MessageInput } from '../schemas'
import { storeMessagesQueryKey } from './get-store-messages'
import { storePath } from './store-path'

/** WhatsApp message to the contacts of the chosen stores. */
export function notifyStores({ franchise, input }: { franchise: string; input: MessageInput }) {
  return api.post<{ queued: number }>(storePath(franchise, 'notify'), input)
}

/** The message joins the franchise's recent messages. */
export function useNotifyStores() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: notifyStores,
    onSuccess: (_data, { franchise }) => queryClient.invalidateQueries({ queryKey: storeMessagesQueryKey(franchise) }),
    meta: { errorToast: { fallback: 'Ocorreu algum enviar a mensagem.' } },
  })
}
