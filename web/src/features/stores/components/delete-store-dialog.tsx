import { ConfirmDialog } from '@/components/confirm-dialog'
import { errorToast, toast } from '@/hooks/use-toast'
import { errorText } from '@/lib/api-client'
import { requireFranchise } from '@/lib/guards'
import { useDeleteStore } from '../api/delete-store'
import type { Store } from '../api/types'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string | undefined
  /** The store to delete; kept by the caller while the dialog closes. */
  store: Store | undefined
}

/** 'Excluir loja': asks, then deletes the store and its TVs. */
export function DeleteStoreDialog({ open, onOpenChange, franchise, store }: Props) {
  const deleteStore = useDeleteStore()
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Excluir loja"
      description={
        store
          ? `Tem certeza que deseja excluir a loja ${store.name}? Os televisores dela também serão excluídos. Esta ação não poderá ser desfeita.`
          : ''
      }
      confirmLabel="Excluir"
      destructive
      pending={deleteStore.isPending}
      onConfirm={() => {
        if (!store || !requireFranchise(franchise)) return
        deleteStore.mutate(
          { franchise, store },
          {
            onSuccess: () => {
              toast({ title: 'Loja excluída', description: `A loja ${store.name} foi excluída.` })
              onOpenChange(false)
            },
            onError: (error) => {
              if (error.apiCode !== 'cancelled') errorToast(errorText(error, `Ocorreu algum erro ao excluir a loja ${store.name}.`))
            },
          },
        )
      }}
    />
  )
}
