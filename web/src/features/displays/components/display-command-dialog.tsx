import { ConfirmDialog } from '@/components/confirm-dialog'
import { errorToast, toast } from '@/hooks/use-toast'
import { requireFranchise } from '@/lib/guards'
import { hasImpersonationToken } from '@/lib/session'
import { useSendDisplayCommand } from '../api/send-display-command'
import type { Display, DisplayCommand } from '../api/types'
import { ACCESS_DENIED, displayCommands } from '../commands'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string | undefined
  /** The TV and the command; kept by the caller while the dialog closes. */
  command: { display: Display; operation: DisplayCommand } | undefined
  /** Called once the server took the command (202): the page shows the TV's results. */
  onSent?: (display: Display) => void
}

/**
 * Asks before sending a remote command ('Reiniciar dispositivo?'…) to a TV box,
 * then sends it (the 'Comando executado' toast, then onSent to show the
 * results). A TV whose player is not connected is refused by the server
 * (409 / 100124), which the shared error toast says: 'Dispositivo não
 * conectado.'. Commands run only with an impersonation token (spec 1,
 * sections 4 and 6): an administrator in their own session is refused here,
 * without calling the server.
 */
export function DisplayCommandDialog({ open, onOpenChange, franchise, command, onSent }: Props) {
  const sendCommand = useSendDisplayCommand()
  const info = command && displayCommands.find((c) => c.operation === command.operation)

  const run = () => {
    if (!command || !requireFranchise(franchise)) return
    // Read the stored tokens now: they may have changed since the page was drawn.
    if (!hasImpersonationToken()) {
      errorToast(ACCESS_DENIED.description, ACCESS_DENIED.title)
      onOpenChange(false)
      return
    }
    const { display, operation } = command
    const label = info?.label ?? operation
    sendCommand.mutate(
      { display: { franchise, store: display.store, id: display.id }, operation },
      {
        onSuccess: () => {
          toast({ title: 'Comando executado', description: `${label}: comando enviado ao televisor ${display.name}.` })
          onOpenChange(false)
          onSent?.(display)
        },
        // The error toast says why (a player that disconnected meanwhile:
        // 'Dispositivo não conectado.'); the confirmation has nothing left to ask.
        onError: () => onOpenChange(false),
      },
    )
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={command ? `${info?.label ?? command.operation}?` : ''}
      description={command ? `${info?.description ?? ''} Televisor: ${command.display.name} (${command.display.device}).` : ''}
      confirmLabel="Executar"
      pending={sendCommand.isPending}
      onConfirm={run}
    />
  )
}
