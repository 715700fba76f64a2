import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { errorToast } from '@/hooks/use-toast'
import { api, errorText, isApiError } from '@/lib/api-client'
import { SESSION_EXPIRED } from '@/lib/errors'
import { franchiseKeys } from '@/lib/query-keys'
import { scheduleKeys, schedulePath } from './keys'
import type { Schedule, ScheduleAddress, ScheduleEntryInput } from './types'

type Saved = { schedule: Schedule }

export function createSchedule({ franchise, name }: { franchise: string; name: string }) {
  return api.post<Saved>(schedulePath(franchise), { name })
}

export function duplicateSchedule({ franchise, id, name }: ScheduleAddress & { name: string }) {
  return api.post<Saved>(schedulePath(franchise, id, 'dup'), { name })
}

export function deleteSchedule({ franchise, id }: ScheduleAddress) {
  return api.delete<{ ok: boolean }>(schedulePath(franchise, id))
}

/** Rename, or save the entry list; `hash` is the one the schedule was loaded with (409 when it changed since). */
export function updateSchedule({ franchise, id, ...body }: ScheduleAddress & { name?: string; media?: ScheduleEntryInput[]; hash?: string }) {
  return api.post<Saved>(schedulePath(franchise, id), body)
}

/** Unlinks the entry at `index` (0 = first). */
export function removeEntry({ franchise, id, index, hash }: ScheduleAddress & { index: number; hash: string }) {
  return api.delete<Saved>(`${schedulePath(franchise, id, index)}?hash=${encodeURIComponent(hash)}`)
}

export function addSlot({ franchise, id, quantity, duration, adFallbackMediaId }: ScheduleAddress & { quantity: number; duration: number; adFallbackMediaId?: string }) {
  return api.post<Saved>(schedulePath(franchise, id, 'slot'), adFallbackMediaId ? { quantity, duration, adFallbackMediaId } : { quantity, duration })
}

/** The schedule changed since it was loaded (someone else saved it). */
export function isConflict(error: unknown) {
  return isApiError(error) && error.statusCode === 409
}

/**
 * The error toast of a schedule save: the server message (a 409 says that
 * someone else changed the schedule), else `fallback`. A session that ended
 * is left to the MutationCache, which handles it for every call.
 */
function scheduleErrorToast(error: unknown, fallback: string) {
  if (isApiError(error) && (error.statusCode === 401 || error.apiCode === SESSION_EXPIRED || error.apiCode === 'cancelled')) return
  errorToast(errorText(error, fallback))
}

/**
 * A mutation on the franchise's schedules: on success every schedule list and
 * detail is refreshed; a 409 (stale hash) also reloads them, so the next try
 * starts from what the server holds.
 */
function useScheduleMutation<V extends { franchise: string }, R>(mutationFn: (vars: V) => Promise<R>, fallback: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: (_data, error, vars) => {
      if (!error || isConflict(error)) return queryClient.invalidateQueries({ queryKey: scheduleKeys.all(vars.franchise) })
    },
    onError: (error) => scheduleErrorToast(error, fallback),
    meta: { errorToast: false },
  })
}

export const useCreateSchedule = () => useScheduleMutation(createSchedule, 'Ocorreu algum erro ao criar programação.')
export const useDuplicateSchedule = () => useScheduleMutation(duplicateSchedule, 'Ocorreu algum erro ao duplicar a programação.')

/**
 * Drops a cached query once no screen shows it. Removed while its page is
 * still open, the page would read it again at its next render (and get a 404
 * for a deleted schedule) before it closes.
 */
function removeWhenUnused(queryClient: QueryClient, queryKey: QueryKey) {
  const cache = queryClient.getQueryCache()
  const query = cache.find({ queryKey, exact: true })
  if (!query) return
  void queryClient.cancelQueries({ queryKey, exact: true })
  if (query.getObserversCount() === 0) return cache.remove(query)
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query || event.type !== 'observerRemoved' || query.getObserversCount() > 0) return
    unsubscribe()
    cache.remove(query)
  })
}

/** The deleted schedule's detail is dropped, never refetched (it would answer 404 while its page closes). */
export function useDeleteSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSchedule,
    onSuccess: (_data, { franchise, id }) => {
      removeWhenUnused(queryClient, scheduleKeys.detail(franchise, id))
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.list(franchise) })
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.refs(franchise) })
      void queryClient.invalidateQueries({ queryKey: franchiseKeys.displays(franchise) })
    },
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao excluir a programação.' } },
  })
}
export const useRenameSchedule = () => useScheduleMutation(updateSchedule, 'Ocorreu algum erro ao atualizar o nome da programação.')
export const useSaveEntries = () => useScheduleMutation(updateSchedule, 'Ocorreu algum erro ao atualizar programação.')
export const useRemoveEntry = () => useScheduleMutation(removeEntry, 'Ocorreu algum erro ao desvincular mídia.')
export const useAddSlot = () => useScheduleMutation(addSlot, 'Ocorreu um erro ao salvar a programação')
/** The add/edit media form's save (spec 2 §8: 'Ocorreu um erro ao salvar a programação'). */
export const useSaveScheduleMedia = () => useScheduleMutation(updateSchedule, 'Ocorreu um erro ao salvar a programação')
