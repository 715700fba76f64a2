import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Loader2 } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/hooks/use-toast'
import { useRequestPasswordReset } from '../api/request-password-reset'
import { recoverPasswordSchema, type RecoverPasswordInput } from '../schemas'
import { AuthLayout } from './auth-layout'

export const RESEND_WAIT_SECONDS = 60

/** Seconds left before the e-mail may be sent again; 0 when allowed. */
function useCountdown() {
  const [remaining, setRemaining] = React.useState(0)
  React.useEffect(() => {
    if (remaining <= 0) return
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000)
    return () => clearTimeout(timer)
  }, [remaining])
  return [remaining, () => setRemaining(RESEND_WAIT_SECONDS)] as const
}

export function RecoverPasswordPage() {
  const request = useRequestPasswordReset()
  const [remaining, startCountdown] = useCountdown()
  const form = useForm<RecoverPasswordInput>({ resolver: zodResolver(recoverPasswordSchema), defaultValues: { email: '' } })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((input) =>
    request.mutate(input, {
      onSuccess: (response) => {
        if (response?.error) return
        toast({ title: 'E-mail enviado', description: 'Confira sua caixa de entrada para redefinir a senha.' })
        startCountdown()
      },
    }),
  )

  return (
    <AuthLayout title="Recuperar senha" description="Informe seu e-mail para receber o código de recuperação.">
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <FormField id="recover-email" label="E-mail" error={errors.email?.message}>
          <Input type="email" autoComplete="email" placeholder="voce@empresa.com.br" {...form.register('email')} />
        </FormField>
        <Button type="submit" className="w-full" disabled={request.isPending || remaining > 0}>
          {request.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Confirmar
        </Button>
        {remaining > 0 && (
          <p className="text-center text-sm text-muted-foreground" aria-live="polite">
            Você poderá reenviar o e-mail em {remaining} s.
          </p>
        )}
        <Button variant="link" asChild className="h-auto justify-self-center p-0">
          <Link to="/">Voltar para o login</Link>
        </Button>
      </form>
    </AuthLayout>
  )
}
