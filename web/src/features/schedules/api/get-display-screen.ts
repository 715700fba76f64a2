import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Display, DisplayRef } from '@/features/displays'
import { api } from '@/lib/api-client'
import type { PlayerAds, PlayerLocal, PlayerSchedule } from '@/player/protocol'
import { scheduleKeys } from './keys'

/** A TV's screen on one day, in the shapes its player receives (GET /display/{franchise}/{store}/{id}/screen). */
export interface DisplayScreen {
  display: Display
  /** The IANA zone the TV's rules run in. */
  timeZone: string
  /** yyyyMMdd. */
  day: string
  schedule: PlayerSchedule | null
  /** The positions sold in the schedule's ad slots that day, with their advertisements. */
  ads: PlayerAds
  /** The store's approved items in the schedule's local spaces; absent when none. */
  local?: PlayerLocal
}

export function getDisplayScreen({ franchise, store, id }: DisplayRef, day: string, signal?: AbortSignal) {
  const path = [franchise, store, id].map(encodeURIComponent).join('/')
  return api.get<DisplayScreen>(`/display/${path}/screen?day=${encodeURIComponent(day)}`, { signal })
}

export function useDisplayScreen(display: DisplayRef | undefined, day: string) {
  return useQuery({
    queryKey: scheduleKeys.screen(display?.franchise ?? '', display?.store ?? '', display?.id ?? '', day),
    queryFn: ({ signal }) => getDisplayScreen(display!, day, signal),
    enabled: !!display && day !== '',
    staleTime: 0,
    // The day turning at midnight keeps the old day on screen until the new one arrives.
    placeholderData: keepPreviousData,
    meta: { errorToast: { fallback: 'Ocorreu um erro inesperado' } },
  })
}
