import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { displayPath } from './display-path'
import { displayCommandsKey } from './get-display-commands'
import type { DisplayCommand, DisplayRef } from './types'

/**
 * Sends a remote command to the TV box; the server makes it a job delivered
 * to the connected player (409 / 100124 'Dispositivo não conectado.' when it
 * is not). It goes with the session's token: while an administrator
 * impersonates an operator that token carries the administrator's dispA and
 * the operator's franchises, which the server checks both.
 */
export function sendDisplayCommand({ display, operation }: { display: DisplayRef; operation: DisplayCommand }) {
  return api.post<{ commandId: string }>(`${displayPath(display)}/admin-command`, { operation })
}

/** The new job joins the TV's results. */
export function useSendDisplayCommand() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendDisplayCommand,
    onSuccess: (_data, { display }) => {
      // Not awaited: the results dialog reads the list fresh when it opens.
      void queryClient.invalidateQueries({ queryKey: displayCommandsKey(display) })
    },
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao executar o comando.' } },
  })
}
