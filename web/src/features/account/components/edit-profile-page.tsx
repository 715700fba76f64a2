import { zodResolver } from '@hookform/resolvers/zod'
import { Loader2 } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { PasswordInput } from '@/components/ui/password-input'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/hooks/use-toast'
import { requireUser } from '@/lib/guards'
import { useSession } from '@/lib/session'
import { useChangePassword } from '../api/change-password'
import { useUpdateProfile } from '../api/update-profile'
import { changePasswordSchema, updateNameSchema, type ChangePasswordInput, type UpdateNameInput } from '../schemas'

function ChangePasswordForm() {
  const changePassword = useChangePassword()
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentAuth: '', auth: '', confirmAuth: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(({ currentAuth, auth }) =>
    changePassword.mutate(
      { currentAuth, auth },
      {
        onSuccess: () => {
          toast({ title: 'Senha alterada', description: 'Sua nova senha já está valendo.' })
          form.reset()
        },
      },
    ),
  )

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Senha</h2>
        </CardTitle>
        <CardDescription>Ao trocar a senha, as outras sessões abertas são encerradas.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="profile-current-password" label="Senha atual" error={errors.currentAuth?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('currentAuth')} />
          </FormField>
          <FormField id="profile-new-password" label="Nova senha" error={errors.auth?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('auth')} />
          </FormField>
          <FormField id="profile-confirm-password" label="Confirmar nova senha" error={errors.confirmAuth?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('confirmAuth')} />
          </FormField>
          <Button type="submit" className="justify-self-start" disabled={changePassword.isPending}>
            {changePassword.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            Atualizar senha
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}

function ChangeNameForm() {
  const { user } = useSession()
  const updateProfile = useUpdateProfile()
  const form = useForm<UpdateNameInput>({
    resolver: zodResolver(updateNameSchema),
    values: { name: user?.name ?? '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(({ name }) => {
    // The call sends the CPF and mobile back unchanged; without the user they would be wiped.
    if (!requireUser(user)) return
    updateProfile.mutate(
      { name, cpf: user.cpf, mobile: user.mobile },
      { onSuccess: () => toast({ title: 'Nome atualizado com sucesso.', description: `Nome atualizado para ${name}.` }) },
    )
  })

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Dados pessoais</h2>
        </CardTitle>
        <CardDescription>{user?.email}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="profile-name" label="Nome" error={errors.name?.message}>
            <Input autoComplete="name" {...form.register('name')} />
          </FormField>
          <Button type="submit" className="justify-self-start" disabled={updateProfile.isPending}>
            {updateProfile.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            Atualizar nome
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}

function AlertEmailForm() {
  const { user } = useSession()
  const updateProfile = useUpdateProfile()
  const on = user?.offlineAlertEmail ?? false

  const change = (value: boolean) => {
    // The call sends the name, CPF and mobile back unchanged.
    if (!requireUser(user)) return
    updateProfile.mutate(
      { name: user.name, cpf: user.cpf, mobile: user.mobile, offlineAlertEmail: value },
      {
        onSuccess: () =>
          toast({
            title: value ? 'Alertas por e-mail ativados.' : 'Alertas por e-mail desativados.',
            description: value ? `Os alertas de TV offline dos seus grupos irão para ${user.email}.` : 'Você não receberá mais alertas de TV offline por e-mail.',
          }),
      },
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Alertas</h2>
        </CardTitle>
        <CardDescription>Quando uma TV dos seus grupos fica offline além do atraso que o administrador definiu, e quando ela volta.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center gap-3">
          <Switch id="profile-offline-alert-email" checked={on} onCheckedChange={change} disabled={!user || updateProfile.isPending} />
          <Label htmlFor="profile-offline-alert-email">Receber alertas de TV offline por e-mail</Label>
        </div>
      </CardContent>
    </Card>
  )
}

export function EditProfilePage() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Editar Usuário" description="Altere seu nome e sua senha de acesso." />
      <div className="grid max-w-5xl gap-6 lg:grid-cols-2">
        <ChangeNameForm />
        <ChangePasswordForm />
        <AlertEmailForm />
      </div>
    </div>
  )
}
