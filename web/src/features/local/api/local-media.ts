import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MediaKind, MediaRegisterInput, UploadPolicy, UploadTarget } from '@/features/medias'
import { api } from '@/lib/api-client'
import { localKeys, localPath } from './keys'
import type { StoreMedia } from './types'

/** A signed direct upload of one file into the store's own folder. */
export async function getLocalUploadPolicy(franchise: string, store: string, kind: MediaKind, contentType: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ type: kind, contentType })
  const { data } = await api.get<{ data: UploadPolicy }>(`${localPath(franchise, store)}/file?${query}`, { signal })
  return data
}

/** Registers an uploaded file in the store's own folder (the server checks its bytes; a video's can take a while). */
export function registerLocalMedia(franchise: string, store: string, input: MediaRegisterInput, signal?: AbortSignal) {
  return api.post<{ media: StoreMedia }>(`${localPath(franchise, store)}/media`, input, { signal, timeoutMs: 120_000 })
}

/** Minhas Mídias' upload, sent into the store's folder ('Mídias da loja'). */
export function storeUploadTarget(franchise: string, store: string): UploadTarget {
  return {
    policy: (kind, contentType, signal) => getLocalUploadPolicy(franchise, store, kind, contentType, signal),
    register: (input, signal) => registerLocalMedia(franchise, store, input, signal),
    queryKey: localKeys.store(franchise, store),
    savedTo: 'às mídias da loja',
  }
}

export function deleteLocalMedia(franchise: string, store: string, id: string) {
  return api.delete<{ ok: boolean }>(`${localPath(franchise, store)}/media/${encodeURIComponent(id)}`)
}

/** Deletes a media of the store's folder; the items showing it leave their spaces with it. */
export function useDeleteLocalMedia(franchise: string | undefined, store: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteLocalMedia(franchise ?? '', store ?? '', id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: localKeys.store(franchise ?? '', store ?? '') }),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao excluir a mídia.' } },
  })
}
