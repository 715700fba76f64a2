import { useQuery } from '@tanstack/react-query'
import type { Display, DisplayRef } from '@/features/displays'
import { api } from '@/lib/api-client'
import { scheduleKeys } from './keys'
import type { Playing } from './types'

/** What a TV shows now and the next items, computed by the server with the franchise's time zone. */
export function getDisplayNow({ franchise, store, id }: DisplayRef, signal?: AbortSignal) {
  const path = [franchise, store, id].map(encodeURIComponent).join('/')
  return api.get<{ display: Display; playing: Playing }>(`/display/${path}/now`, { signal })
}

export function useDisplayNow(display: DisplayRef | undefined) {
  return useQuery({
    queryKey: scheduleKeys.now(display?.franchise ?? '', display?.store ?? '', display?.id ?? ''),
    queryFn: ({ signal }) => getDisplayNow(display!, signal),
    enabled: !!display,
    staleTime: 0,
    meta: { errorToast: { fallback: 'Ocorreu um erro inesperado' } },
  })
}
