import { zodResolver } from '@hookform/resolvers/zod'
import { Loader2 } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { toast } from '@/hooks/use-toast'
import { useRegisterUser } from '../api/register-user'
import { newUserSchema, type NewUserInput } from '../schemas'
import { useAdminGuard } from './use-admin-guard'

export function NewUserPage() {
  const register = useRegisterUser()
  const guard = useAdminGuard()
  const form = useForm<NewUserInput>({ resolver: zodResolver(newUserSchema), defaultValues: { name: '', email: '', auth: '' } })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((input) => {
    if (!guard.requireAdmin()) return
    register.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Usuário cadastrado', description: `${input.name} já pode entrar com ${input.email}.` })
        form.reset()
      },
    })
  })

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Novo usuário" description="Cadastre um usuário com acesso à plataforma. O e-mail já fica verificado." />
      <Card className="max-w-xl">
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-5">
            <FormField id="new-user-name" label="Nome do usuário" error={errors.name?.message}>
              <Input autoComplete="off" {...form.register('name')} />
            </FormField>
            <FormField id="new-user-email" label="Email do usuário" error={errors.email?.message}>
              <Input type="email" autoComplete="off" {...form.register('email')} />
            </FormField>
            <FormField id="new-user-password" label="Senha" error={errors.auth?.message}>
              <PasswordInput autoComplete="new-password" {...form.register('auth')} />
            </FormField>
            <Button type="submit" className="justify-self-start" disabled={register.isPending}>
              {register.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Cadastrar usuário
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  )
}
