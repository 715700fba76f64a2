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

const EMPTY: EditAdInput = { name: '', displayTime: '' }

/** Renames the advertisement and/or changes its display time; what is left blank stays as it is. */
export function EditAdDialog({ franchise, ad, open, onOpenChange }: Props) {
  const update = useUpdateAd(AD_ERRORS.update)
  const form = useForm<EditAdInput, unknown, EditAdValues>({ resolver: zodResolver(editAdSchema), defaultValues: EMPTY })
  const { errors } = form.formState

  React.useEffect(() => {
    if (open) form.reset(EMPTY)
  }, [open, form])

  const onSubmit = form.handleSubmit(({ name, displayTime }) =>
    update.mutate(
      // What was left blank is not sent, and stays as it is.
      { franchise, advertiseId: ad.id, name, displayTime },
      {
        onSuccess: () => {
          toast({ title: 'Anúncio atualizado', description: 'Anúncio atualizado com sucesso' })
          onOpenChange(false)
        },
      },
    ),
  )

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar Anúncio</DialogTitle>
          <DialogDescription>Preencha o que quiser mudar; o campo em branco fica como está.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="edit-ad-name" label="Nome do anúncio" error={errors.name?.message}>
            <Input placeholder={ad.name} autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField id="edit-ad-time" label="Tempo de exibição (em seg.)" error={errors.displayTime?.message}>
            <Input inputMode="numeric" placeholder={String(ad.displayTime)} {...form.register('displayTime')} />
          </FormField>
          <DialogFormFooter pending={update.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
