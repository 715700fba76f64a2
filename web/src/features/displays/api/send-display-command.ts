import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { displayPath } from './display-path'
import type { DisplayCommand, DisplayRef } from './types'

/**
 * Queues a remote command for the TV box. It goes with the session's token:
 * while an administrator impersonates an operator that token carries the
 * administrator's dispA and the operator's franchises, which the server
 * checks both.
 */
export function sendDisplayCommand({ display, operation }: { display: DisplayRef; operation: DisplayCommand }) {
  return api.post<{ commandId: string }>(`${displayPath(display)}/admin-command`, { operation })
}

/** Changes nothing the console lists, so nothing to refetch. */
export function useSendDisplayCommand() {
  return useMutation({
    mutationFn: sendDisplayCommand,
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao executar o comando.' } },
  })
}
