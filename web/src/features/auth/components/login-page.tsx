import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { errorToast, toast, useToast } from '@/hooks/use-toast'
import { isApiError } from '@/lib/api-client'
import { beginSession } from '@/lib/session'
import { sleep } from '@/lib/utils'
import { useLogin } from '../api/login'
import { useVerifyEmail } from '../api/verify-email'
import { loginSchema, type LoginInput } from '../schemas'
import { AuthLayout } from './auth-layout'

export const LOGIN_REDIRECT_WAIT_MS = 1000
const VERIFY_ERROR = 'O e-mail não pôde ser verificado.'

/** Verifies the e-mail once when the page is opened from the confirmation link (?code=). */
function useEmailVerification() {
  const [searchParams] = useSearchParams()
  const code = searchParams.get('code')
  const verify = useVerifyEmail()
  const started = React.useRef<string | null>(null)

  React.useEffect(() => {
    if (!code || started.current === code) return
    started.current = code
    verify.mutate(code, {
      onSuccess: () => toast({ title: 'E-mail verificado', description: 'Agora você já pode entrar na plataforma.' }),
      // The server's reason when it gave one, else the fallback: never both.
      onError: (error) => errorToast(isApiError(error) && typeof error.apiCode === 'number' ? error.msg : VERIFY_ERROR),
    })
  }, [code, verify])
}

export function LoginPage() {
  useEmailVerification()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const loginMutation = useLogin()
  const { dismiss } = useToast()
  const [redirecting, setRedirecting] = React.useState(false)
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', auth: '' } })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((input) =>
    loginMutation.mutate(input, {
      onSuccess: async ({ token }) => {
        setRedirecting(true)
        toast({ title: 'Logado com sucesso', description: 'Redirecionando para o painel...' })
        await sleep(LOGIN_REDIRECT_WAIT_MS)
        beginSession(queryClient, token)
        navigate('/dashboard', { replace: true })
      },
    }),
  )

  const busy = loginMutation.isPending || redirecting

  return (
    <AuthLayout title="Acesse sua conta" description="Entre com seu e-mail e senha.">
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <FormField id="login-email" label="E-mail" error={errors.email?.message}>
          <Input type="email" autoComplete="email" placeholder="voce@empresa.com.br" {...form.register('email')} />
        </FormField>
        <FormField id="login-password" label="Senha" error={errors.auth?.message}>
          <PasswordInput autoComplete="current-password" {...form.register('auth')} />
        </FormField>
        <Button type="submit" disabled={busy} className="w-full">
          {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
          Entrar
        </Button>
        <Button variant="link" asChild className="h-auto justify-self-center p-0">
          {/* A failed sign-in's toast is about this form: it stays behind. */}
          <Link to="/reset/password" onClick={() => dismiss()}>
            Esqueci a senha
          </Link>
        </Button>
      </form>
    </AuthLayout>
  )
}
