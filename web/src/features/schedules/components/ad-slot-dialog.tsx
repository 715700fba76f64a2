import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { X } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { findMedia, MediaPickerDialog, useMedias } from '@/features/medias'
import { toast } from '@/hooks/use-toast'
import { useAddSlot } from '../api/add-slot'
import { useSaveEntries } from '../api/update-schedule'
import type { ScheduleEntry } from '../api/types'
import { withSlotChanged } from '../entries'
import { AD_SLOT_DEFAULTS, adSlotSchema, type AdSlotInput, type AdSlotValues } from '../schemas'

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
  const [pickerOpen, setPickerOpen] = React.useState(false)
  const fallbackId = useWatch({ control: form.control, name: 'adFallbackMediaId' })
  // The library is read only to name a chosen fallback.
  const medias = useMedias(open && fallbackId ? franchise : undefined)
  const fallbackName = fallbackId ? ((medias.data && findMedia(medias.data.folderMap, fallbackId)?.name) ?? 'Mídia reserva') : ''

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
          <div className="grid gap-2">
            <span className="text-sm font-medium">Mídia reserva (exibida quando nenhum anúncio foi vendido)</span>
            <div className="flex flex-wrap items-center gap-2">
              {fallbackId ? (
                <Badge variant="secondary" className="gap-1 pr-1">
                  {fallbackName}
                  <button
                    type="button"
                    aria-label={`Remover ${fallbackName}`}
                    className="rounded-full p-0.5 hover:bg-muted-foreground/20"
                    onClick={() => form.setValue('adFallbackMediaId', '')}
                  >
                    <X className="size-3" />
                  </button>
                </Badge>
              ) : (
                <span className="text-sm text-muted-foreground">Nenhuma: a vaga é pulada.</span>
              )}
              <Button type="button" variant="outline" size="sm" onClick={() => setPickerOpen(true)}>
                {fallbackId ? 'Trocar mídia reserva' : 'Escolher mídia reserva'}
              </Button>
            </div>
          </div>
          <DialogFormFooter pending={pending} submitLabel={editing ? 'Salvar' : 'Adicionar'} />
        </form>
        <MediaPickerDialog
          open={pickerOpen}
          onOpenChange={setPickerOpen}
          franchise={franchise}
          multiple={false}
          onSelect={(chosen) => chosen[0] && form.setValue('adFallbackMediaId', chosen[0].id)}
        />
      </DialogContent>
    </Dialog>
  )
}
