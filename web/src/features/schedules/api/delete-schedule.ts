import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { franchiseKeys } from '@/lib/query-keys'
import { scheduleKeys, schedulePath } from './keys'
import type { ScheduleAddress } from './types'

export function deleteSchedule({ franchise, id }: ScheduleAddress) {
  return api.delete<{ ok: boolean }>(schedulePath(franchise, id))
}

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
