import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { franchiseKeys } from '@/lib/query-keys'
import { displayPath } from './display-path'
import type { Display, DisplayRef } from './types'

export type DisplayChanges = { name?: string; contentOrientation?: number }

/** Renames or turns a TV. */
export function updateDisplay({ display, changes }: { display: DisplayRef; changes: DisplayChanges }) {
  return api.post<{ display: Display }>(displayPath(display), changes)
}

export function useUpdateDisplay() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateDisplay,
    onSuccess: (_data, { display }) => queryClient.invalidateQueries({ queryKey: franchiseKeys.displays(display.franchise) }),
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao editar televisor.' } },
  })
}
