import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Loader2 } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { errorToast, toast } from '@/hooks/use-toast'
import { useResetPassword } from '../api/reset-password'
import { newPasswordSchema, type NewPasswordInput } from '../schemas'
import { AuthLayout } from './auth-layout'

export const MISSING_CODE_MESSAGE = 'Você precisa verificar o código de recuperação de senha antes de continuar.'

export function NewPasswordPage() {
  const [searchParams] = useSearchParams()
  const code = searchParams.get('code')
  const reset = useResetPassword()
  const [done, setDone] = React.useState(false)
  const form = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { auth: '', confirmAuth: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(({ auth }) => {
    if (!code) {
      errorToast(MISSING_CODE_MESSAGE)
      return
    }
    reset.mutate(
      { auth, code },
      {
        onSuccess: () => {
          setDone(true)
          toast({ title: 'Senha alterada com sucesso', description: 'Entre com a sua nova senha.' })
        },
      },
    )
  })

  return (
    <AuthLayout title="Nova senha" description="Escolha uma nova senha para a sua conta.">
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        {!code && (
          <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
            {MISSING_CODE_MESSAGE}
          </p>
        )}
        <FormField id="new-password" label="Nova senha" error={errors.auth?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('auth')} />
        </FormField>
        <FormField id="new-password-confirm" label="Confirmar nova senha" error={errors.confirmAuth?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('confirmAuth')} />
        </FormField>
        <Button type="submit" className="w-full" disabled={reset.isPending || done}>
          {reset.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Confirmar
        </Button>
        {(done || !code) && (
          <Button variant="outline" asChild>
            <Link to="/">Voltar para o login</Link>
          </Button>
        )}
      </form>
    </AuthLayout>
  )
}
