import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { franchiseKeys } from '@/lib/query-keys'
import { franchisesQueryKey } from '@/lib/session'
import { storeDisplaysPath } from './display-path'
import type { Display } from './types'

export type NewDisplay = { name: string; device: string; contentOrientation: number; scheduleId?: string }

export function createDisplay({ franchise, store, input }: { franchise: string; store: string; input: NewDisplay }) {
  const { scheduleId, ...rest } = input
  return api.post<{ display: Display }>(storeDisplaysPath(franchise, store), {
    ...rest,
    detail: '',
    orientation: 0,
    ...(scheduleId ? { scheduleId } : {}),
  })
}

export function useCreateDisplay() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createDisplay,
    onSuccess: (_data, { franchise }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: franchiseKeys.displays(franchise) }),
        // Stores and groups carry TV counts.
        queryClient.invalidateQueries({ queryKey: franchiseKeys.stores(franchise) }),
        queryClient.invalidateQueries({ queryKey: franchisesQueryKey }),
      ]),
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao criar televisor.' } },
  })
}
