import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { franchiseKeys } from '@/lib/query-keys'
import { displayPath } from './display-path'
import type { Display, DisplayRef } from './types'

/**
 * Links a schedule to a TV, or changes it; "" unlinks. It is an update of the
 * TV (POST /display/{franchise}/{store}/{id}), so the TV list changes.
 */
export function linkSchedule({ display, scheduleId }: { display: DisplayRef; scheduleId: string }) {
  return api.post<{ display: Display }>(displayPath(display), { scheduleId })
}

/** After a link or an unlink: the TV lists and the schedules' TV counts change. */
export function invalidateAfterLink(queryClient: ReturnType<typeof useQueryClient>, franchise: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: franchiseKeys.displays(franchise) }),
    queryClient.invalidateQueries({ queryKey: franchiseKeys.schedules(franchise) }),
  ])
}

export function useLinkSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: linkSchedule,
    onSuccess: (_data, { display }) => invalidateAfterLink(queryClient, display.franchise),
    meta: { errorToast: { fallback: 'Houve algum erro ao vincular programação.' } },
  })
}
