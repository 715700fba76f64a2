import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { MessageInput } from '../schemas'
import { storePath } from './store-path'

/** WhatsApp message to the contacts of the chosen stores. */
export function notifyStores({ franchise, input }: { franchise: string; input: MessageInput }) {
  return api.post<{ queued: number }>(storePath(franchise, 'notify'), input)
}

export function useNotifyStores() {
  return useMutation({
    mutationFn: notifyStores,
    meta: { errorToast: { fallback: 'Ocorreu algum enviar a mensagem.' } },
  })
}
