import { useQuery } from '@tanstack/react-query'
import type { DisplayRef } from '@/features/displays'
import type { components } from '@/lib/api-types'
import { api } from '@/lib/api-client'
import { useStreamLive } from '@/lib/events'
import { liveViewKey } from '@/lib/query-keys'

/** A TV's screen as its player has it, with what its player last acknowledged (GET …/live). */
export type DisplayLive = components['schemas']['DisplayLive']

/** How often an open live view asks again while the console's event stream is down. */
export const LIVE_REFRESH_MS = 10_000

/**
 * How often an open live view asks again while the stream is up: each read
 * renews the server's watch of the TV (two minutes), under which the TV's
 * acknowledgements are recorded at once.
 */
export const LIVE_RENEW_MS = 25_000

export function getDisplayLive({ franchise, store, id }: DisplayRef, signal?: AbortSignal) {
  const path = [franchise, store, id].map(encodeURIComponent).join('/')
  return api.get<DisplayLive>(`/display/${path}/live`, { signal })
}

/**
 * The live view of a TV, read when it opens. The tab's event stream marks
 * it stale whenever the franchise changes or a TV acknowledges (lib/events);
 * while the stream is down it is read every LIVE_REFRESH_MS, and every
 * LIVE_RENEW_MS while it is up, to keep the TV watched.
 */
export function useDisplayLive(display: DisplayRef | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  const streaming = useStreamLive()
  return useQuery({
    queryKey: liveViewKey(display?.franchise ?? '', display?.store ?? '', display?.id ?? ''),
    queryFn: ({ signal }) => getDisplayLive(display!, signal),
    enabled: enabled && !!display,
    staleTime: 0,
    refetchInterval: enabled ? (streaming ? LIVE_RENEW_MS : LIVE_REFRESH_MS) : false,
    meta: { errorToast: { fallback: 'Não foi possível carregar o que o televisor exibe.' } },
  })
}
