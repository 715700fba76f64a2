import { api } from '@/lib/api-client'
import { schedulePath } from './keys'
import { useScheduleMutation, type SavedSchedule } from './schedule-mutation'
import type { ScheduleAddress } from './types'

export function duplicateSchedule({ franchise, id, name }: ScheduleAddress & { name: string }) {
  return api.post<SavedSchedule>(schedulePath(franchise, id, 'dup'), { name })
}

export const useDuplicateSchedule = () => useScheduleMutation(duplicateSchedule, 'Ocorreu algum erro ao duplicar a programação.')
