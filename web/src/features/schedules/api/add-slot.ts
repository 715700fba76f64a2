import { api } from '@/lib/api-client'
import { schedulePath } from './keys'
import { useScheduleMutation, type SavedSchedule } from './schedule-mutation'
import type { ScheduleAddress } from './types'

export function addSlot({ franchise, id, quantity, duration, adFallbackMediaId }: ScheduleAddress & { quantity: number; duration: number; adFallbackMediaId?: string }) {
  return api.post<SavedSchedule>(schedulePath(franchise, id, 'slot'), adFallbackMediaId ? { quantity, duration, adFallbackMediaId } : { quantity, duration })
}

export const useAddSlot = () => useScheduleMutation(addSlot, 'Ocorreu um erro ao salvar a programação')
