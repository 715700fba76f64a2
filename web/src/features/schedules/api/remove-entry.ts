import { api } from '@/lib/api-client'
import { schedulePath } from './keys'
import { useScheduleMutation, type SavedSchedule } from './schedule-mutation'
import type { ScheduleAddress } from './types'

/** Unlinks the entry at `index` (0 = first). */
export function removeEntry({ franchise, id, index, hash }: ScheduleAddress & { index: number; hash: string }) {
  return api.delete<SavedSchedule>(`${schedulePath(franchise, id, index)}?hash=${encodeURIComponent(hash)}`)
}

export const useRemoveEntry = () => useScheduleMutation(removeEntry, 'Ocorreu algum erro ao desvincular mídia.')
