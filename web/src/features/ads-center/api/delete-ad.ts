import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { AD_ERRORS } from '../messages'
import { isForbidden, refreshAdsCenterPermission } from '../permission'
import { adKeys, advertisePath } from './keys'

/** Deletes the advertisement and frees its positions. */
export function deleteAd({ franchise, id }: { franchise: string; id: string }) {
  return api.delete<{ ok: boolean }>(advertisePath(franchise, id))
}

export function useDeleteAd() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAd,
    onSuccess: (_data, { franchise, id }) => {
      queryClient.removeQueries({ queryKey: adKeys.detail(franchise, id) })
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adKeys.list(franchise) }),
        queryClient.invalidateQueries({ queryKey: adKeys.map(franchise) }),
      ])
    },
    onError: (error) => {
      if (isForbidden(error)) void refreshAdsCenterPermission(queryClient)
    },
    meta: { errorToast: { fallback: AD_ERRORS.delete } },
  })
}
