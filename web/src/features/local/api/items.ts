import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { localKeys, localPath } from './keys'
import type { LocalItem, LocalItemInput, LocalItemUpdate } from './types'

export function addLocalItem(franchise: string, store: string, input: LocalItemInput) {
  return api.post<LocalItem>(`${localPath(franchise, store)}/items`, input)
}

export function updateLocalItem(franchise: string, store: string, id: string, input: LocalItemUpdate) {
  return api.post<LocalItem>(`${localPath(franchise, store)}/items/${encodeURIComponent(id)}`, input)
}

export function deleteLocalItem(franchise: string, store: string, id: string) {
  return api.delete<{ ok: boolean }>(`${localPath(franchise, store)}/items/${encodeURIComponent(id)}`)
}

/** The store's list changes: its query is read again (positions, states). */
function useRefresh(franchise: string | undefined, store: string | undefined) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: localKeys.store(franchise ?? '', store ?? '') })
}

/** 'Adicionar': a media of the store's folder in a space. */
export function useAddLocalItem(franchise: string | undefined, store: string | undefined) {
  const refresh = useRefresh(franchise, store)
  return useMutation({
    mutationFn: (input: LocalItemInput) => addLocalItem(franchise ?? '', store ?? '', input),
    onSuccess: refresh,
    meta: { errorToast: { fallback: 'Ocorreu um erro ao adicionar o item.' } },
  })
}

/** An edit (sent again), or a move in the store's list. */
export function useUpdateLocalItem(franchise: string | undefined, store: string | undefined) {
  const refresh = useRefresh(franchise, store)
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: LocalItemUpdate }) => updateLocalItem(franchise ?? '', store ?? '', id, input),
    onSuccess: refresh,
    meta: { errorToast: { fallback: 'Ocorreu um erro ao alterar o item.' } },
  })
}

/** 'Remover': off the space at once. */
export function useDeleteLocalItem(franchise: string | undefined, store: string | undefined) {
  const refresh = useRefresh(franchise, store)
  return useMutation({
    mutationFn: (id: string) => deleteLocalItem(franchise ?? '', store ?? '', id),
    onSuccess: refresh,
    meta: { errorToast: { fallback: 'Ocorreu um erro ao remover o item.' } },
  })
}
