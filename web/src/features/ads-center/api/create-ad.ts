import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { AD_ERRORS } from '../messages'
import { isForbidden, refreshAdsCenterPermission } from '../permission'
import { adKeys, advertisePath } from './keys'
import type { Advertise, CreateAdInput } from './types'

/** Books the screens' slots for the period; the positions are taken atomically or not at all. */
export function createAd({ franchise, ...body }: CreateAdInput & { franchise: string }) {
  return api.post<{ advertise: Pick<Advertise, 'id'> & Partial<Advertise> }>(advertisePath(franchise), body)
}

export function useCreateAd() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAd,
    // Booked or refused (someone took the last position first), the map has changed.
    onSettled: (_data, error, { franchise }) => {
      if (isForbidden(error)) void refreshAdsCenterPermission(queryClient)
      return queryClient.invalidateQueries({ queryKey: adKeys.all(franchise) })
    },
    meta: { errorToast: { fallback: AD_ERRORS.create } },
  })
}
