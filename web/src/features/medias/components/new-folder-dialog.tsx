import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { mediaMessages, newFolderSchema, type NewFolderInput } from '../schemas'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Names of the folders already in the open folder. */
  existing: string[]
  /** The open folder as the breadcrumb shows it. */
  parentLabel: string
  onCreate: (name: string) => void
}

export function NewFolderDialog({ open, onOpenChange, existing, parentLabel, onCreate }: Props) {
  const form = useForm<NewFolderInput>({ resolver: zodResolver(newFolderSchema), defaultValues: { folderName: '' } })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(({ folderName }) => {
    if (existing.some((name) => name.localeCompare(folderName, 'pt-BR', { sensitivity: 'base' }) === 0)) {
      form.setError('folderName', { message: mediaMessages.folderExists })
      return
    }
    onCreate(folderName)
    form.reset({ folderName: '' })
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset({ folderName: '' })
        onOpenChange(next)
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Nova Pasta</DialogTitle>
          <DialogDescription>
            A pasta será criada em {parentLabel}. Ela fica salva assim que você enviar ou mover uma mídia para dentro dela.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="folder-name" label="Nome da pasta" error={errors.folderName?.message}>
            <Input placeholder="Ex.: Promoções de verão" autoComplete="off" {...form.register('folderName')} />
          </FormField>
          <DialogFormFooter submitLabel="Criar pasta" />
        </form>
      </DialogContent>
    </Dialog>
  )
}
