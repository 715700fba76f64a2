import { api } from '@/lib/api-client'
import { schedulePath } from './keys'
import { useScheduleMutation, type SavedSchedule } from './schedule-mutation'

export function createSchedule({ franchise, name }: { franchise: string; name: string }) {
  return api.post<SavedSchedule>(schedulePath(franchise), { name })
}

export const useCreateSchedule = () => useScheduleMutation(createSchedule, 'Ocorreu algum erro ao criar programação.')
