import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/hooks/use-toast'
import { useUpdateUserName } from '../api/update-user-name'
import { editUserNameSchema, type EditUserNameInput } from '../schemas'
import type { AdminUser } from '../types'
import { useAdminGuard } from './use-admin-guard'

type Props = { user: AdminUser; open: boolean; onOpenChange: (open: boolean) => void }

export function EditUserDialog({ user, open, onOpenChange }: Props) {
  const update = useUpdateUserName()
  const guard = useAdminGuard()
  const form = useForm<EditUserNameInput>({ resolver: zodResolver(editUserNameSchema), values: { name: user.name } })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(({ name }) => {
    if (!guard.requireLogin()) return
    update.mutate(
      { email: user.email, name },
      {
        onSuccess: () => {
          toast({ title: 'Nome atualizado com sucesso.', description: `Nome atualizado para ${name}.` })
          onOpenChange(false)
        },
      },
    )
  })

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar Usuário</DialogTitle>
          <DialogDescription>Atualize o nome do usuário a qualquer momento</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="edit-user-name" label="Nome" error={errors.name?.message}>
            <Input placeholder="Digite o novo nome" {...form.register('name')} />
          </FormField>
          <DialogFormFooter pending={update.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
