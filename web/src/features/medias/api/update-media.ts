import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Media } from '../types'
import { franchisePath, mediaKeys } from './keys'

export type UpdateMediaInput = { id: string; name?: string; folder?: string }

/** Renames or moves a media (POST /media/{franchise}/{id}). */
export function updateMedia(franchise: string, input: UpdateMediaInput) {
  return api.post<{ media: Media }>(`/media/${franchisePath(franchise)}/${encodeURIComponent(input.id)}`, input)
}

function useUpdateMedia(franchise: string | undefined, fallback: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateMediaInput) => updateMedia(franchise ?? '', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.library(franchise ?? '') }),
    meta: { errorToast: { fallback } },
  })
}

export function useRenameMedia(franchise: string | undefined) {
  return useUpdateMedia(franchise, 'Ocorreu um erro ao atualizar o nome da mídia.')
}

export function useMoveMedia(franchise: string | undefined) {
  return useUpdateMedia(franchise, 'Ocorreu um erro ao mover a mídia.')
}
