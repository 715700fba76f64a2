import { useNavigate } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { toast } from '@/hooks/use-toast'
import { useCreateSchedule } from '../api/create-schedule'
import { useDeleteSchedule } from '../api/delete-schedule'
import { useDuplicateSchedule } from '../api/duplicate-schedule'
import { useRenameSchedule } from '../api/update-schedule'
import { ScheduleNameDialog } from './schedule-name-dialog'

/** A schedule an action is about. */
export type ScheduleTarget = {
  id: string
  name: string
  displays: number
  /** Stores with approved or waiting content in its local spaces, which deleting it deletes. */
  localStores?: number | null
}

/** What the list and the detail ask for: a dialog on a schedule. */
export type ScheduleDialogState =
  | { kind: 'create' }
  | { kind: 'rename'; schedule: ScheduleTarget }
  | { kind: 'duplicate'; schedule: ScheduleTarget }
  | { kind: 'delete'; schedule: ScheduleTarget }
  | { kind: 'preview'; schedule: ScheduleTarget; at: number }
  | null

/**
 * The warning of spec 2 §2 when a schedule still plays on TVs, and how many
 * stores lose what they put in its local spaces.
 */
export function deleteWarning(displays: number, localStores = 0) {
  const parts: string[] = []
  if (displays > 0) parts.push(`Esta programação está vinculada em ${displays} TVs.`)
  if (localStores > 0) {
    const stores = localStores === 1 ? '1 loja' : `${localStores} lojas`
    parts.push(`Os espaços locais desta programação têm conteúdo de ${stores}. Excluir a programação apaga esse conteúdo.`)
  }
  parts.push('Após confirmar, a ação não poderá ser desfeita.')
  return parts.join(' ')
}

type Props = {
  franchise: string
  dialog: ScheduleDialogState
  onClose: () => void
  /** Where to go after the open schedule is deleted (the detail goes back to the list). */
  afterDelete?: string
  /** After a create or a duplicate, open the new schedule (the detail opens the copy it made). */
  openCreated?: boolean
}

/** Create, rename, duplicate and delete dialogs, shared by the list and the detail. */
export function ScheduleActionDialogs({ franchise, dialog, onClose, afterDelete, openCreated }: Props) {
  const navigate = useNavigate()
  const create = useCreateSchedule()
  const rename = useRenameSchedule()
  const duplicate = useDuplicateSchedule()
  const remove = useDeleteSchedule()
  const onOpenChange = (open: boolean) => !open && onClose()
  const target = dialog && dialog.kind !== 'create' ? dialog.schedule : undefined

  return (
    <>
      <ScheduleNameDialog
        open={dialog?.kind === 'create'}
        onOpenChange={onOpenChange}
        title="Criar Programação"
        description="Dê um nome à programação; depois adicione mídias e vincule televisores."
        submitLabel="Criar"
        pending={create.isPending}
        onSubmit={(name) =>
          create.mutate(
            { franchise, name },
            {
              onSuccess: ({ schedule }) => {
                toast({ title: 'Programação criada' })
                onClose()
                if (openCreated) void navigate(`/schedule/${encodeURIComponent(schedule.id)}`)
              },
            },
          )
        }
      />
      <ScheduleNameDialog
        open={dialog?.kind === 'rename'}
        onOpenChange={onOpenChange}
        title="Editar nome da programação"
        description="O novo nome aparece na lista e nos televisores."
        submitLabel="Salvar"
        initialName={target?.name}
        pending={rename.isPending}
        onSubmit={(name) =>
          target &&
          rename.mutate(
            { franchise, id: target.id, name },
            {
              onSuccess: () => {
                toast({ title: 'Nome atualizado com sucesso' })
                onClose()
              },
            },
          )
        }
      />
      <ScheduleNameDialog
        open={dialog?.kind === 'duplicate'}
        onOpenChange={onOpenChange}
        title="Duplicar Programação"
        description={`Uma cópia de ${target?.name ?? ''} com as mesmas mídias e o mesmo rodapé.`}
        submitLabel="Duplicar"
        initialName={target ? `${target.name} (cópia)` : ''}
        pending={duplicate.isPending}
        onSubmit={(name) =>
          target &&
          duplicate.mutate(
            { franchise, id: target.id, name },
            {
              onSuccess: ({ schedule }) => {
                toast({ title: 'Programação duplicada com sucesso!' })
                onClose()
                if (openCreated) void navigate(`/schedule/${encodeURIComponent(schedule.id)}`)
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={onOpenChange}
        title="Excluir programação?"
        description={target ? deleteWarning(target.displays, target.localStores ?? 0) : ''}
        confirmLabel="Excluir"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          target &&
          remove.mutate(
            { franchise, id: target.id },
            {
              onSuccess: () => {
                toast({ title: 'Programação excluída' })
                onClose()
                // The deleted schedule's page leaves the history too.
                if (afterDelete) void navigate(afterDelete, { replace: true })
              },
            },
          )
        }
      />
    </>
  )
}
