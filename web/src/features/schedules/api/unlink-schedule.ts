import { useMutation, useQueryClient } from '@tanstack/react-query'
import { franchiseKeys } from '@/lib/query-keys'
import { scheduleKeys } from './keys'
import { linkSchedule } from './link-schedule'
import type { DisplayRef } from './types'

/** Leaves a TV without a schedule (the API unlinks on an empty scheduleId). */
export function unlinkSchedule({ display }: { display: DisplayRef }) {
  return linkSchedule({ display, scheduleId: '' })
}

export function useUnlinkSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unlinkSchedule,
    // The TV lists and the schedules' TV counts change.
    onSuccess: (_data, { display }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: franchiseKeys.displays(display.franchise) }),
        queryClient.invalidateQueries({ queryKey: scheduleKeys.all(display.franchise) }),
      ]),
    meta: { errorToast: { fallback: 'Houve algum erro ao desvincular a programação.' } },
  })
}
