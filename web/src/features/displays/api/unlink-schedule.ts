import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateAfterLink, linkSchedule } from './link-schedule'
import type { DisplayRef } from './types'

/** Leaves a TV without a schedule (the API unlinks on an empty scheduleId). */
export function unlinkSchedule({ display }: { display: DisplayRef }) {
  return linkSchedule({ display, scheduleId: '' })
}

export function useUnlinkSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unlinkSchedule,
    onSuccess: (_data, { display }) => invalidateAfterLink(queryClient, display.franchise),
    meta: { errorToast: { fallback: 'Houve algum erro ao desvincular a programação.' } },
  })
}
