import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { newAdSchema, type NewAdInput, type NewAdValues } from '../schemas'

type Props = { open: boolean; onOpenChange: (open: boolean) => void; defaults?: Partial<NewAdInput> }

/** The new-ad page with the name and duration chosen. */
export function newAdPath({ name, duration }: NewAdValues) {
  return `/ads-center/new?${new URLSearchParams({ name, duration: String(duration) })}`
}

/** 'New Ad': the name and duration, then the calendar (/ads-center/new?name=…&duration=…). */
export function NewAdDialog({ open, onOpenChange, defaults }: Props) {
  const navigate = useNavigate()
  const form = useForm<NewAdInput, unknown, NewAdValues>({
    resolver: zodResolver(newAdSchema),
    defaultValues: { name: '', duration: '', ...defaults },
  })
  const { errors } = form.formState

  React.useEffect(() => {
    if (open) form.reset({ name: '', duration: '', ...defaults })
  }, [open, form, defaults])

  const onSubmit = form.handleSubmit((values) => {
    onOpenChange(false)
    void navigate(newAdPath(values))
  })

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Novo Anúncio</DialogTitle>
          <DialogDescription>Dê um nome ao anúncio e diga quanto tempo ele fica na tela. Depois escolha as telas e os dias.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="new-ad-name" label="Nome do anúncio" error={errors.name?.message}>
            <Input placeholder="Ex.: Promoção de verão" autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField id="new-ad-duration" label="Duração (em seg.)" error={errors.duration?.message}>
            <Input inputMode="numeric" placeholder="Ex.: 15" {...form.register('duration')} />
          </FormField>
          <DialogFormFooter submitLabel="Continuar" />
        </form>
      </DialogContent>
    </Dialog>
  )
}
