import { useMutation, useQueryClient } from '@tanstack/react-query'
import { errorToast } from '@/hooks/use-toast'
import { errorText, isApiError } from '@/lib/api-client'
import { SESSION_EXPIRED } from '@/lib/errors'
import { scheduleKeys } from './keys'
import type { Schedule } from './types'

/** What a save of a schedule answers: the schedule as saved. */
export type SavedSchedule = { schedule: Schedule }

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
export function useScheduleMutation<V extends { franchise: string }, R>(mutationFn: (vars: V) => Promise<R>, fallback: string) {
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
