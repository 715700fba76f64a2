import { api } from '@/lib/api-client'
import { schedulePath } from './keys'
import { useScheduleMutation, type SavedSchedule } from './schedule-mutation'
import type { ScheduleAddress, ScheduleEntryInput } from './types'

/** Rename, or save the entry list; `hash` is the one the schedule was loaded with (409 when it changed since). */
export function updateSchedule({
  franchise,
  id,
  ...body
}: ScheduleAddress & { name?: string; media?: ScheduleEntryInput[]; hash?: string; forFranchisees?: boolean }) {
  return api.post<SavedSchedule>(schedulePath(franchise, id), body)
}

// One call, three screens: each says its own error.
export const useRenameSchedule = () => useScheduleMutation(updateSchedule, 'Ocorreu algum erro ao atualizar o nome da programação.')
export const useSaveEntries = () => useScheduleMutation(updateSchedule, 'Ocorreu algum erro ao atualizar programação.')
/** The add/edit media form's save (spec 2 §8: 'Ocorreu um erro ao salvar a programação'). */
export const useSaveScheduleMedia = () => useScheduleMutation(updateSchedule, 'Ocorreu um erro ao salvar a programação')
/** 'Disponível para franqueados'. */
export const useSetForFranchisees = () => useScheduleMutation(updateSchedule, 'Ocorreu algum erro ao atualizar a programação.')
