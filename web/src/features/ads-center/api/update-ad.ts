import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { isForbidden, refreshAdsCenterPermission } from '../permission'
import { adKeys, advertisePath } from './keys'
import type { AdMediaInput, AdMediaItem, Advertise, UpdateAdInput } from './types'

/** Changes the advertisement: what the body names (name, display time, dates, media list), nothing else. */
export function updateAd({ franchise, ...body }: UpdateAdInput & { franchise: string }) {
  return api.put<{ advertise: Advertise }>(advertisePath(franchise), body)
}

/** An item as sent back in a save: its rules, without what the library adds. */
export function toMediaInput(item: AdMediaItem): AdMediaInput {
  const { type, filePath, url, thumbnailUrl, ...rest } = item
  return rest
}

/**
 * A save of the advertisement; `fallback` is the toast's text when the
 * server says nothing: AD_ERRORS.update for the name and time, AD_ERRORS.save
 * for the media.
 */
export function useUpdateAd(fallback: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateAd,
    onSettled: (_data, error, { franchise, advertiseId }) => {
      if (isForbidden(error)) void refreshAdsCenterPermission(queryClient)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adKeys.detail(franchise, advertiseId) }),
        queryClient.invalidateQueries({ queryKey: adKeys.list(franchise) }),
        // Its dates move its bookings: the calendar, fresh for a few seconds, reads them again.
        queryClient.invalidateQueries({ queryKey: adKeys.map(franchise) }),
      ])
    },
    meta: { errorToast: { fallback } },
  })
}
