import { ConfirmDialog } from '@/components/confirm-dialog'
import { errorToast, toast } from '@/hooks/use-toast'
import { storage, storageKeys } from '@/lib/storage'
import { useSendDisplayCommand } from '../api/send-display-command'
import type { Display, DisplayCommand } from '../api/types'
import { ACCESS_DENIED, displayCommands } from '../commands'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string | undefined
  /** The TV and the command; kept by the caller while the dialog closes. */
  command: { display: Display; operation: DisplayCommand } | undefined
}

/** Asks before sending a remote command ('Reiniciar dispositivo?'…) to a TV box, then sends it. */
export function DisplayCommandDialog({ open, onOpenChange, franchise, command }: Props) {
  const sendCommand = useSendDisplayCommand()
  const info = command && displayCommands.find((c) => c.operation === command.operation)

  const run = () => {
    if (!command || !franchise) return
    // Read the stored token now: it may have gone since the page was drawn.
    if (!storage.get(storageKeys.adminToken)) {
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
        },
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
