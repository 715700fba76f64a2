import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/hooks/use-toast'
import { useUpdateUserName, type UpdateUserNameInput } from '../api/update-user-name'
import { editUserSchema, type EditUserInput } from '../schemas'
import type { AdminUser } from '../types'
import { useAdminGuard } from './use-admin-guard'

type Props = { user: AdminUser; open: boolean; onOpenChange: (open: boolean) => void }

/** The body of the save: the name, the ads-center and the emergency message permissions as the dialog shows them. */
export function editUserBody(user: AdminUser, values: EditUserInput): UpdateUserNameInput {
  return { email: user.email, name: values.name, viewAdsCenter: values.viewAdsCenter ? 1 : 0, emergencyOverride: values.emergencyOverride ? 1 : 0 }
}

export function EditUserDialog({ user, open, onOpenChange }: Props) {
  const update = useUpdateUserName()
  const guard = useAdminGuard()
  const form = useForm<EditUserInput>({
    resolver: zodResolver(editUserSchema),
    values: { name: user.name, viewAdsCenter: user.viewAdsCenter === 1, emergencyOverride: user.emergencyOverride === 1 },
  })
  const { errors, dirtyFields } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    if (!guard.requireLogin()) return
    const body = editUserBody(user, values)
    const renamed = values.name !== user.name
    update.mutate(body, {
      onSuccess: () => {
        if (!renamed && dirtyFields.emergencyOverride && !dirtyFields.viewAdsCenter) {
          toast({
            title: 'Permissão atualizada',
            description: values.emergencyOverride
              ? `${values.name} agora pode exibir mensagens de emergência.`
              : `${values.name} não pode mais exibir mensagens de emergência.`,
          })
        } else if (!renamed && dirtyFields.viewAdsCenter) {
          toast({
            title: 'Permissão atualizada',
            description: values.viewAdsCenter ? `${values.name} agora acessa a Central de Anúncios.` : `${values.name} não acessa mais a Central de Anúncios.`,
          })
        } else {
          toast({ title: 'Nome atualizado com sucesso.', description: `Nome atualizado para ${values.name}.` })
        }
        onOpenChange(false)
      },
    })
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
          <Controller
            control={form.control}
            name="viewAdsCenter"
            render={({ field }) => (
              <div className="flex items-center gap-2">
                <Checkbox id="edit-user-ads-center" checked={field.value} onCheckedChange={(on) => field.onChange(on === true)} onBlur={field.onBlur} />
                <Label htmlFor="edit-user-ads-center">Acesso à Central de Anúncios</Label>
              </div>
            )}
          />
          <Controller
            control={form.control}
            name="emergencyOverride"
            render={({ field }) => (
              <div className="flex items-center gap-2">
                <Checkbox id="edit-user-override" checked={field.value} onCheckedChange={(on) => field.onChange(on === true)} onBlur={field.onBlur} />
                <Label htmlFor="edit-user-override">Mensagem de emergência</Label>
              </div>
            )}
          />
          <DialogFormFooter pending={update.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
