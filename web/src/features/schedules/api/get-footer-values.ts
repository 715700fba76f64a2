import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { FooterData } from '@/player/protocol'
import { scheduleKeys } from './keys'

/** What a footer shows besides the clock: the weather (with `weather`) and the quotes of `coins`; `store` for its city instead of the franchise's. */
export type FooterAsk = { coins: string[]; weather: boolean; store?: string }

/**
 * The weather in the franchise's city and the coins' quotes, from the same
 * providers and cache as the TVs' footers (GET /footer/{franchise}); a part
 * the server could not get is absent.
 */
export function getFooterValues(franchise: string, ask: FooterAsk, signal?: AbortSignal) {
  const query = new URLSearchParams({ weather: ask.weather ? '1' : '0' })
  if (ask.coins.length > 0) query.set('coins', ask.coins.join(','))
  if (ask.store) query.set('store', ask.store)
  return api.get<FooterData>(`/footer/${encodeURIComponent(franchise)}?${query}`, { signal })
}

export function useFooterValues(franchise: string | undefined, ask: FooterAsk | undefined) {
  const wanted = !!ask && (ask.weather || ask.coins.length > 0)
  return useQuery({
    queryKey: scheduleKeys.footerValues(franchise ?? '', ask?.coins.join(',') ?? '', !!ask?.weather, ask?.store ?? ''),
    queryFn: ({ signal }) => getFooterValues(franchise!, ask!, signal),
    enabled: !!franchise && wanted,
    // The server keeps each value 10 minutes; a preview need not ask more often.
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    // Decoration: a failure leaves the example values, never a toast.
    retry: false,
    meta: { errorToast: false },
  })
}
