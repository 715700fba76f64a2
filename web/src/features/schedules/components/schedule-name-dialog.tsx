import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { scheduleNameSchema, type ScheduleNameValues } from '../schemas'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  submitLabel: string
  initialName?: string
  pending: boolean
  /** Called with the trimmed name; the caller closes the dialog on success. */
  onSubmit: (name: string) => void
}

/** The one-field dialog of create, rename and duplicate ('Nome da programação'). */
export function ScheduleNameDialog({ open, onOpenChange, title, description, submitLabel, initialName = '', pending, onSubmit }: Props) {
  const form = useForm<ScheduleNameValues>({ resolver: zodResolver(scheduleNameSchema), defaultValues: { name: '' } })

  React.useEffect(() => {
    if (open) form.reset({ name: initialName })
  }, [open, initialName, form])

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit(({ name }) => onSubmit(name))} noValidate className="grid gap-5">
          <FormField id="schedule-name" label="Nome da programação" error={form.formState.errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <DialogFormFooter pending={pending} submitLabel={submitLabel} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
