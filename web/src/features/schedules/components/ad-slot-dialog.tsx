import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/hooks/use-toast'
import { useAddSlot } from '../api/add-slot'
import { useSaveEntries } from '../api/update-schedule'
import type { ScheduleEntry } from '../api/types'
import { withSlotChanged } from '../entries'
import { AD_SLOT_DEFAULTS, adSlotSchema, type AdSlotInput, type AdSlotValues } from '../schemas'
import { FallbackMediaField } from './fallback-media-field'

/** The slot row being edited: the schedule's list as loaded (with its hash) and the slot's position in it. */
export type EditedSlot = { entries: ScheduleEntry[]; hash: string; index: number }

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string
  scheduleId: string
  /** 'Editar' on a slot row; adding a new slot without it. */
  editing?: EditedSlot
}

function valuesOf(editing?: EditedSlot): AdSlotInput {
  const slot = editing?.entries[editing.index]
  if (!slot) return AD_SLOT_DEFAULTS
  return { quantity: String(slot.adSlots ?? 1), duration: String(slot.adTime ?? 10), adFallbackMediaId: slot.adFallbackMediaId ?? '' }
}

/**
 * 'Adicionar vaga para anúncios' (a slot of N positions of D seconds at the
 * start of the schedule) and, from a slot row's 'Editar', the same fields of
 * that slot. Fewer positions than are sold is refused by the server naming
 * the advertisements; the toast shows its message.
 */
export function AdSlotDialog({ open, onOpenChange, franchise, scheduleId, editing }: Props) {
  const add = useAddSlot()
  const save = useSaveEntries()
  const pending = add.isPending || save.isPending
  const form = useForm<AdSlotInput, unknown, AdSlotValues>({ resolver: zodResolver(adSlotSchema), defaultValues: valuesOf(editing) })
  const { errors } = form.formState
  const fallbackId = useWatch({ control: form.control, name: 'adFallbackMediaId' })

  React.useEffect(() => {
    if (open) form.reset(valuesOf(editing))
  }, [open, editing, form])

  const done = () => {
    toast({ title: 'Programação atualizada.', description: 'A programação foi atualizada com sucesso.' })
    onOpenChange(false)
  }

  const onSubmit = form.handleSubmit(({ quantity, duration, adFallbackMediaId }) => {
    if (editing) {
      const media = withSlotChanged(editing.entries, editing.index, { quantity, duration, adFallbackMediaId })
      save.mutate({ franchise, id: scheduleId, hash: editing.hash, media }, { onSuccess: done })
      return
    }
    add.mutate({ franchise, id: scheduleId, quantity, duration, adFallbackMediaId }, { onSuccess: done })
  })

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Editar vaga para anúncios' : 'Adicionar vaga para anúncios'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Menos anúncios do que os já vendidos não é possível: exclua esses anúncios antes.'
              : 'A vaga entra no início da programação e é vendida na Central de Anúncios.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="slot-quantity" label="Quantidade" error={errors.quantity?.message}>
            <Input inputMode="numeric" {...form.register('quantity')} />
          </FormField>
          <FormField id="slot-duration" label="Duração (em seg.)" error={errors.duration?.message}>
            <Input inputMode="numeric" {...form.register('duration')} />
          </FormField>
          <FallbackMediaField
            franchise={franchise}
            mediaId={fallbackId}
            onChange={(id) => form.setValue('adFallbackMediaId', id)}
            label="Mídia reserva (exibida quando nenhum anúncio foi vendido)"
            labelId="slot-fallback-label"
            emptyText="Nenhuma: a vaga é pulada."
          />
          <DialogFormFooter pending={pending} submitLabel={editing ? 'Salvar' : 'Adicionar'} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
