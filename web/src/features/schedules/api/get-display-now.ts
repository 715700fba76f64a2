import { useQuery } from '@tanstack/react-query'
import type { DisplayRef } from '@/features/displays'
import { api } from '@/lib/api-client'
import { scheduleKeys } from './keys'
import type { DisplayNow } from './types'

/** What a TV shows now and the next items, computed by the server on its store's clock (nothing while its store rests). */
export function getDisplayNow({ franchise, store, id }: DisplayRef, signal?: AbortSignal) {
  const path = [franchise, store, id].map(encodeURIComponent).join('/')
  return api.get<DisplayNow>(`/display/${path}/now`, { signal })
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
