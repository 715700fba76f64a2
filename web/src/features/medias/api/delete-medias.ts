import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { franchisePath, mediaKeys } from './keys'

/** Deletes one or several media (ids joined by commas), all or nothing. */
export function deleteMedias(franchise: string, ids: readonly string[]) {
  return api.delete<{ ok: boolean }>(`/media/${franchisePath(franchise)}/${ids.map(encodeURIComponent).join(',')}`)
}

export function useDeleteMedias(franchise: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: readonly string[]) => deleteMedias(franchise ?? '', ids),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.library(franchise ?? '') }),
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao excluir a mídia.' } },
  })
}
