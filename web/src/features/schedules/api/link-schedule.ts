import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { franchiseKeys } from '@/lib/query-keys'
import { scheduleKeys } from './keys'
import type { Display, DisplayRef } from './types'

/**
 * Links a schedule to a TV, or changes it; "" unlinks. It is an update of the
 * TV (POST /display/{franchise}/{store}/{id}), so the TV list changes.
 */
export function linkSchedule({ display, scheduleId }: { display: DisplayRef; scheduleId: string }) {
  const path = [display.franchise, display.store, display.id].map(encodeURIComponent).join('/')
  return api.post<{ display: Display }>(`/display/${path}`, { scheduleId })
}

export function useLinkSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: linkSchedule,
    // The TV lists and the schedules' TV counts change.
    onSuccess: (_data, { display }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: franchiseKeys.displays(display.franchise) }),
        queryClient.invalidateQueries({ queryKey: scheduleKeys.all(display.franchise) }),
      ]),
    meta: { errorToast: { fallback: 'Houve algum erro ao vincular programação.' } },
  })
}
