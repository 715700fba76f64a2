import { ConfirmDialog } from '@/components/confirm-dialog'
import { toast } from '@/hooks/use-toast'
import { requireFranchise } from '@/lib/guards'
import { useDeleteDisplay } from '../api/delete-display'
import type { Display } from '../api/types'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string | undefined
  /** The TV to delete; kept by the caller while the dialog closes. */
  display: Display | undefined
}

/** 'Excluir televisor': asks, then deletes the TV. */
export function DeleteDisplayDialog({ open, onOpenChange, franchise, display }: Props) {
  const deleteDisplay = useDeleteDisplay()
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Excluir televisor"
      description={
        display ? `Tem certeza que deseja excluir o televisor ${display.name} (${display.device})? Esta ação não poderá ser desfeita.` : ''
      }
      confirmLabel="Excluir"
      destructive
      pending={deleteDisplay.isPending}
      onConfirm={() => {
        if (!display || !requireFranchise(franchise)) return
        deleteDisplay.mutate(
          { display: { franchise, store: display.store, id: display.id } },
          {
            onSuccess: () => {
              toast({ title: 'Televisor excluído', description: `O televisor ${display.name} foi excluído.` })
              onOpenChange(false)
            },
          },
        )
      }}
    />
  )
}
