import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/hooks/use-toast'
import { useSaveEntries } from '../api/update-schedule'
import type { ScheduleEntry } from '../api/types'
import { localSpaceFormOf, localSpaceSchema, toLocalEntry, withLocalSpace, type LocalSpaceInput, type LocalSpaceValues } from '../local-space'
import { FallbackMediaField } from './fallback-media-field'
import { LocalSpaceRules } from './local-space-rules'

/** The schedule's list as loaded (with its hash) and, for 'Editar' on a space's row, the space's position in it. */
export type LocalSpaceTarget = { entries: ScheduleEntry[]; hash: string; index?: number }

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string
  timeZone: string
  scheduleId: string
  target: LocalSpaceTarget
}

/**
 * 'Adicionar espaço local' and, from a space's row, 'Editar espaço local':
 * its name, the seconds each store's item plays, the network media played
 * where a store has nothing, and the rules every entry has. A new space goes
 * first in the list; the whole list is saved with the schedule's hash.
 */
export function LocalSpaceDialog({ open, onOpenChange, franchise, timeZone, scheduleId, target }: Props) {
  const save = useSaveEntries()
  const pending = save.isPending
  const editing = target.index === undefined ? undefined : target.entries[target.index]
  const form = useForm<LocalSpaceInput, unknown, LocalSpaceValues>({ resolver: zodResolver(localSpaceSchema), defaultValues: localSpaceFormOf(editing, timeZone) })
  const { errors } = form.formState
  const fallbackId = useWatch({ control: form.control, name: 'localFallbackMediaId' })

  React.useEffect(() => {
    if (open) form.reset(localSpaceFormOf(editing, timeZone))
  }, [open, editing, timeZone, form])

  const onSubmit = form.handleSubmit((values) => {
    const space = toLocalEntry(values, timeZone, editing)
    const media = withLocalSpace(target.entries, space, target.index)
    save.mutate(
      { franchise, id: scheduleId, hash: target.hash, media },
      {
        onSuccess: () => {
          toast({ title: 'Programação atualizada.', description: 'A programação foi atualizada com sucesso.' })
          onOpenChange(false)
        },
      },
    )
  })

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Editar espaço local' : 'Adicionar espaço local'}</DialogTitle>
          <DialogDescription>
            Cada loja preenche o espaço com os próprios itens, e cada item toca pelo tempo escolhido. Sem itens na loja, toca a mídia reserva; sem ela, o espaço é pulado.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="local-name" label="Nome" error={errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField id="local-time" label="Duração de cada item (segundos)" error={errors.localTime?.message} className="max-w-xs">
            <Input inputMode="numeric" autoComplete="off" {...form.register('localTime')} />
          </FormField>
          <FallbackMediaField
            franchise={franchise}
            mediaId={fallbackId}
            onChange={(id) => form.setValue('localFallbackMediaId', id)}
            label="Mídia reserva (opcional)"
            labelId="local-fallback-label"
            emptyText="Nenhuma: onde a loja não tem itens, o espaço é pulado."
          />
          <LocalSpaceRules form={form} />
          <DialogFormFooter pending={pending} submitLabel={editing ? 'Salvar' : 'Adicionar'} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
