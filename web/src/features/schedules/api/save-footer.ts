import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { scheduleKeys, schedulePath } from './keys'
import type { BottomBar, Schedule, ScheduleAddress } from './types'

/** POST /schedule/{franchise}/{id}/config: the schedule's footer; null removes it. */
export function saveFooter({ franchise, id, bottomBar }: ScheduleAddress & { bottomBar: BottomBar | null }) {
  return api.post<{ schedule: Schedule }>(schedulePath(franchise, id, 'config'), { bottomBar })
}

export function useSaveFooter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveFooter,
    onSuccess: (_data, { franchise, id }) => queryClient.invalidateQueries({ queryKey: scheduleKeys.detail(franchise, id) }),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao salvar as configurações do rodapé.' } },
  })
}
