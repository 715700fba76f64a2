import { ConfirmDialog } from '@/components/confirm-dialog'
import { toast } from '@/hooks/use-toast'
import { useDeleteAd } from '../api/delete-ad'
import type { Advertise } from '../api/types'
import { NewAdDialog } from './new-ad-dialog'

type Props = {
  franchise: string
  creating: boolean
  onCreatingChange: (open: boolean) => void
  /** The advertisement whose deletion is asked, or null. */
  deleting: Advertise | null
  onDeletingDone: () => void
}

/**
 * The list's dialogs ('New Ad' and the deletion), a chunk of their own with
 * the form libraries: the list draws its rows without them.
 */
export function AdsListDialogs({ franchise, creating, onCreatingChange, deleting, onDeletingDone }: Props) {
  const remove = useDeleteAd()
  const onDelete = () => {
    if (!deleting) return
    remove.mutate(
      { franchise, id: deleting.id },
      {
        onSuccess: () => {
          toast({ title: 'Anúncio excluído' })
          onDeletingDone()
        },
      },
    )
  }
  return (
    <>
      <NewAdDialog open={creating} onOpenChange={onCreatingChange} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && onDeletingDone()}
        title="Excluir anúncio?"
        description={`O anúncio "${deleting?.name ?? ''}" será excluído e suas posições nas telas ficarão livres. Após confirmar, a ação não poderá ser desfeita.`}
        confirmLabel="Excluir"
        destructive
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </>
  )
}
