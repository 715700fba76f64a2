import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryRoots } from '@/lib/query-keys'
import { displayPath } from './display-path'
import type { DisplayCommandJob, DisplayRef } from './types'

/** How often the results are asked again while a job still waits for the player. */
export const COMMANDS_POLL_MS = 2_000

/** The commands of one TV, under the franchise (a franchise switch reloads them). */
export const displayCommandsKey = ({ franchise, store, id }: DisplayRef) =>
  [queryRoots.displays, franchise, 'commands', store, id] as const

/** The TV's latest command jobs (at most 20), newest first. */
export function getDisplayCommands(display: DisplayRef, signal?: AbortSignal) {
  return api.get<{ commands: DisplayCommandJob[] }>(`${displayPath(display)}/commands`, { signal })
}

/** True while a job waits for the player's answer. */
export const isWaiting = (commands: DisplayCommandJob[] | undefined) => !!commands?.some((c) => c.status === 'sent')

/**
 * The results of the TV's commands, read fresh whenever they are shown (the
 * query becomes enabled) and every 2 s while a job is 'sent' (the server
 * turns it into 'timeout' after a minute, two for recordVideo, so the
 * polling always ends).
 */
export function useDisplayCommands(display: DisplayRef | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: displayCommandsKey(display ?? { franchise: '', store: '', id: '' }),
    queryFn: async ({ signal }) => (await getDisplayCommands(display!, signal)).commands ?? [],
    enabled: enabled && !!display,
    staleTime: 0,
    refetchInterval: (query) => (isWaiting(query.state.data) ? COMMANDS_POLL_MS : false),
    meta: { errorToast: { fallback: 'Não foi possível carregar os resultados dos comandos.' } },
  })
}
