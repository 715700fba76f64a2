import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/hooks/use-toast'
import { isApiError } from '@/lib/api-client'
import { maskCnpj } from '@/lib/masks'
import type { Franchise } from '@/lib/session'
import { useCreateGroup, useUpdateGroup } from '../api/save-group'
import { groupSchema, toGroupBody, type GroupFormValues } from '../schemas'

// Server codes about the CNPJ: taken (1042) and invalid (1043). Their message also goes under the field.
const DOCUMENT_CODES = new Set([1042, 1043])

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The group to edit; creates a new one when absent. */
  group?: Franchise
}

export function GroupDialog({ open, onOpenChange, group }: Props) {
  const create = useCreateGroup()
  const update = useUpdateGroup()
  const pending = create.isPending || update.isPending
  const form = useForm<GroupFormValues>({
    resolver: zodResolver(groupSchema),
    defaultValues: { name: '', document: '', localWithoutApproval: false },
  })
  const { errors } = form.formState

  React.useEffect(() => {
    if (open) form.reset({ name: group?.name ?? '', document: maskCnpj(group?.document ?? ''), localWithoutApproval: group?.localWithoutApproval ?? false })
  }, [open, group, form])

  const onError = (error: unknown) => {
    if (isApiError(error) && typeof error.apiCode === 'number' && DOCUMENT_CODES.has(error.apiCode)) {
      form.setError('document', { message: error.msg })
    }
  }

  const onSubmit = form.handleSubmit((values) => {
    const body = toGroupBody(values)
    if (group) {
      update.mutate(
        { slug: group.slug, body },
        {
          onSuccess: ({ franchise }) => {
            toast({ title: 'Grupo atualizado', description: `O grupo ${franchise.name} foi atualizado.` })
            onOpenChange(false)
          },
          onError,
        },
      )
    } else {
      create.mutate(body, {
        onSuccess: ({ franchise }) => {
          toast({ title: 'Grupo criado', description: `O grupo ${franchise.name} foi criado.` })
          onOpenChange(false)
        },
        onError,
      })
    }
  })

  const documentField = form.register('document')

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{group ? 'Editar Grupo' : 'Adicionar Grupo'}</DialogTitle>
          <DialogDescription>
            {group ? 'Altere o nome ou o CNPJ do grupo.' : 'Você passa a fazer parte do grupo que criar.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="group-name" label="Nome do grupo" error={errors.name?.message}>
            <Input autoComplete="organization" {...form.register('name')} />
          </FormField>
          <FormField id="group-document" label="CNPJ" error={errors.document?.message}>
            <Input
              inputMode="numeric"
              placeholder="00.000.000/0000-00"
              maxLength={18}
              {...documentField}
              onChange={(event) => {
                event.target.value = maskCnpj(event.target.value)
                void documentField.onChange(event)
              }}
            />
          </FormField>
          <Controller
            control={form.control}
            name="localWithoutApproval"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Checkbox
                  id="group-local-without-approval"
                  className="mt-0.5"
                  checked={field.value}
                  onCheckedChange={(on) => field.onChange(on === true)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  aria-describedby="group-local-without-approval-help"
                />
                <div className="grid gap-1">
                  <Label htmlFor="group-local-without-approval">Publicar conteúdo local sem aprovação</Label>
                  <p id="group-local-without-approval-help" className="text-sm text-muted-foreground">
                    O conteúdo que as lojas enviam para os espaços locais passa a tocar sem aprovação da rede.
                  </p>
                </div>
              </div>
            )}
          />
          <DialogFormFooter pending={pending} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
