import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/hooks/use-toast'
import { useUpdateAd } from '../api/update-ad'
import type { Advertise } from '../api/types'
import { AD_ERRORS } from '../messages'
import { editAdSchema, type EditAdInput, type EditAdValues } from '../schemas'

type Props = { franchise: string; ad: Advertise; open: boolean; onOpenChange: (open: boolean) => void }

/** Renames the advertisement and/or changes its display time: opens with both as they are now. */
export function EditAdDialog({ franchise, ad, open, onOpenChange }: Props) {
  const update = useUpdateAd(AD_ERRORS.update)
  const current = React.useMemo<EditAdInput>(() => ({ name: ad.name, displayTime: String(ad.displayTime) }), [ad.name, ad.displayTime])
  const form = useForm<EditAdInput, unknown, EditAdValues>({ resolver: zodResolver(editAdSchema), defaultValues: current })
  const { errors } = form.formState

  // Each opening starts from the advertisement as it is now.
  React.useEffect(() => {
    if (open) form.reset(current)
  }, [open, form, current])

  const onSubmit = form.handleSubmit(({ name, displayTime }) => {
    // Only what changed is sent; what was left blank stays as it is.
    const changes = { name: name !== ad.name ? name : undefined, displayTime: displayTime !== ad.displayTime ? displayTime : undefined }
    if (changes.name === undefined && changes.displayTime === undefined) return onOpenChange(false)
    update.mutate(
      { franchise, advertiseId: ad.id, ...changes },
      {
        onSuccess: () => {
          toast({ title: 'Anúncio atualizado', description: 'Anúncio atualizado com sucesso' })
          onOpenChange(false)
        },
      },
    )
  })

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar Anúncio</DialogTitle>
          <DialogDescription>Altere o nome ou o tempo de exibição do anúncio.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="edit-ad-name" label="Nome do anúncio" error={errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField id="edit-ad-time" label="Tempo de exibição (em seg.)" error={errors.displayTime?.message}>
            <Input inputMode="numeric" {...form.register('displayTime')} />
          </FormField>
          <DialogFormFooter pending={update.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
