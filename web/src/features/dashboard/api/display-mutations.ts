import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { franchisesQueryKey } from '@/lib/session'
import { dashboardKeys } from './keys'
import type { Display, DisplayCommand } from './types'

type DisplayRef = { franchise: string; store: string; id: string }

const storePath = (franchise: string, store: string) => `/display/${encodeURIComponent(franchise)}/${encodeURIComponent(store)}`
const displayPath = ({ franchise, store, id }: DisplayRef) => `${storePath(franchise, store)}/${encodeURIComponent(id)}`

function displaysChanged(queryClient: QueryClient, franchise: string, counts = false) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: dashboardKeys.displays(franchise) }),
    // Stores and groups carry TV counts.
    counts && queryClient.invalidateQueries({ queryKey: dashboardKeys.stores(franchise) }),
    counts && queryClient.invalidateQueries({ queryKey: franchisesQueryKey }),
  ])
}

export type NewDisplay = { name: string; device: string; contentOrientation: number; scheduleId?: string }

export function createDisplay({ franchise, store, input }: { franchise: string; store: string; input: NewDisplay }) {
  const { scheduleId, ...rest } = input
  return api.post<{ display: Display }>(storePath(franchise, store), {
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
    onSuccess: (_data, { franchise }) => displaysChanged(queryClient, franchise, true),
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao criar televisor.' } },
  })
}

export type DisplayChanges = { name?: string; device?: string; contentOrientation?: number; scheduleId?: string }

/** Renames, turns, or links / changes / unlinks ("") the schedule of a TV. */
export function updateDisplay({ display, changes }: { display: DisplayRef; changes: DisplayChanges }) {
  return api.post<{ display: Display }>(displayPath(display), changes)
}

export function useUpdateDisplay() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateDisplay,
    onSuccess: (_data, { display }) => displaysChanged(queryClient, display.franchise),
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao editar televisor.' } },
  })
}

export function useLinkSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ display, scheduleId }: { display: DisplayRef; scheduleId: string }) => updateDisplay({ display, changes: { scheduleId } }),
    onSuccess: (_data, { display }) => displaysChanged(queryClient, display.franchise),
    meta: { errorToast: { fallback: 'Houve algum erro ao vincular programação.' } },
  })
}

export function useUnlinkSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ display }: { display: DisplayRef }) => updateDisplay({ display, changes: { scheduleId: '' } }),
    onSuccess: (_data, { display }) => displaysChanged(queryClient, display.franchise),
    meta: { errorToast: { fallback: 'Houve algum erro ao desvincular a programação.' } },
  })
}

export function deleteDisplay({ display }: { display: DisplayRef }) {
  return api.delete<{ ok: boolean }>(displayPath(display))
}

export function useDeleteDisplay() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteDisplay,
    onSuccess: (_data, { display }) => displaysChanged(queryClient, display.franchise, true),
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao excluir o televisor.' } },
  })
}

/**
 * Queues a remote command for the TV box. It goes with the session's token:
 * while an administrator impersonates an operator that token carries the
 * administrator's dispA and the operator's franchises, which the server
 * checks both.
 */
export function sendDisplayCommand({ display, operation }: { display: DisplayRef; operation: DisplayCommand }) {
  return api.post<{ commandId: string }>(`${displayPath(display)}/admin-command`, { operation })
}

export function useSendDisplayCommand() {
  return useMutation({
    mutationFn: sendDisplayCommand,
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao executar o comando.' } },
  })
}
