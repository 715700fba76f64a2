import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { franchiseKeys } from '@/lib/query-keys'
import { franchisesQueryKey } from '@/lib/session'
import { displayPath } from './display-path'
import type { DisplayRef } from './types'

export function deleteDisplay({ display }: { display: DisplayRef }) {
  return api.delete<{ ok: boolean }>(displayPath(display))
}

export function useDeleteDisplay() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteDisplay,
    onSuccess: (_data, { display }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: franchiseKeys.displays(display.franchise) }),
        // Stores and groups carry TV counts.
        queryClient.invalidateQueries({ queryKey: franchiseKeys.stores(display.franchise) }),
        queryClient.invalidateQueries({ queryKey: franchisesQueryKey }),
      ]),
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao excluir o televisor.' } },
  })
}
