import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/hooks/use-toast'
import { useAddSlot } from '../api/save-schedule'
import { AD_SLOT_DEFAULTS, adSlotSchema, type AdSlotInput, type AdSlotValues } from '../schemas'

type Props = { open: boolean; onOpenChange: (open: boolean) => void; franchise: string; scheduleId: string }

/** 'Adicionar vaga para anúncios': a slot of N positions of D seconds at the start of the schedule. */
export function AdSlotDialog({ open, onOpenChange, franchise, scheduleId }: Props) {
  const add = useAddSlot()
  const form = useForm<AdSlotInput, unknown, AdSlotValues>({ resolver: zodResolver(adSlotSchema), defaultValues: AD_SLOT_DEFAULTS })
  const { errors } = form.formState

  React.useEffect(() => {
    if (open) form.reset(AD_SLOT_DEFAULTS)
  }, [open, form])

  const onSubmit = form.handleSubmit(({ quantity, duration }) =>
    add.mutate(
      { franchise, id: scheduleId, quantity, duration },
      {
        onSuccess: () => {
          toast({ title: 'Programação atualizada.', description: 'A programação foi atualizada com sucesso.' })
          onOpenChange(false)
        },
      },
    ),
  )

  return (
    <Dialog open={open} onOpenChange={(next) => !add.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Adicionar vaga para anúncios</DialogTitle>
          <DialogDescription>A vaga entra no início da programação e é vendida na Central de Anúncios.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="slot-quantity" label="Quantidade" error={errors.quantity?.message}>
            <Input inputMode="numeric" {...form.register('quantity')} />
          </FormField>
          <FormField id="slot-duration" label="Duração (em seg.)" error={errors.duration?.message}>
            <Input inputMode="numeric" {...form.register('duration')} />
          </FormField>
          <DialogFormFooter pending={add.isPending} submitLabel="Adicionar" />
        </form>
      </DialogContent>
    </Dialog>
  )
}
