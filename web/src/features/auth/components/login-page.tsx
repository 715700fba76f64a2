import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { Building2, Loader2 } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { errorToast, toast, useToast } from '@/hooks/use-toast'
import { isApiError } from '@/lib/api-client'
import { messageForCode } from '@/lib/errors'
import { beginSession } from '@/lib/session'
import { sleep } from '@/lib/utils'
import { useLogin } from '../api/login'
import { ssoStartURL, useSSOCheck, useSSOExchange } from '../api/sso'
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

/**
 * A finished company login lands here with a one-time code (?sso=) to exchange for a session,
 * or with the code of what went wrong (?ssoError=), shown in words above the form.
 */
function useCompanyLoginLanding(onToken: (token: string) => void) {
  const [searchParams, setSearchParams] = useSearchParams()
  const code = searchParams.get('sso')
  const failure = searchParams.get('ssoError')
  const exchange = useSSOExchange()
  const started = React.useRef<string | null>(null)
  // What went wrong stays on the page after the address bar forgets it.
  const [error] = React.useState(() => (failure ? messageForCode(failure) : null))

  React.useEffect(() => {
    if (failure) {
      setSearchParams({}, { replace: true })
      return
    }
    if (!code || started.current === code) return
    started.current = code
    // The code leaves the address bar at once: it works once anyway.
    setSearchParams({}, { replace: true })
    exchange.mutate(code, { onSuccess: ({ token }) => onToken(token) })
  }, [code, failure, exchange, onToken, setSearchParams])

  return { error, exchanging: exchange.isPending }
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

  const enter = React.useCallback(
    async (token: string) => {
      setRedirecting(true)
      toast({ title: 'Logado com sucesso', description: 'Redirecionando para o painel...' })
      await sleep(LOGIN_REDIRECT_WAIT_MS)
      beginSession(queryClient, token)
      navigate('/dashboard', { replace: true })
    },
    [navigate, queryClient],
  )
  const landing = useCompanyLoginLanding(enter)

  const email = (useWatch({ control: form.control, name: 'email' }) ?? '').trim()
  const ways = useSSOCheck(email).data
  const companyLogin = ways?.sso === true
  const passwordAllowed = ways?.password !== false

  const submitPassword = form.handleSubmit((input) => loginMutation.mutate(input, { onSuccess: ({ token }) => enter(token) }))
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (companyLogin && !passwordAllowed) {
      event.preventDefault()
      window.location.assign(ssoStartURL(email))
      return
    }
    return submitPassword(event)
  }

  const busy = loginMutation.isPending || redirecting || landing.exchanging

  return (
    <AuthLayout
      title="Acesse sua conta"
      description={companyLogin && !passwordAllowed ? 'Entre com o login da sua empresa.' : 'Entre com seu e-mail e senha.'}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        {landing.error && (
          <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-foreground">
            {landing.error}
          </p>
        )}
        <FormField id="login-email" label="E-mail" error={errors.email?.message}>
          <Input type="email" autoComplete="email" placeholder="voce@empresa.com.br" {...form.register('email')} />
        </FormField>
        {companyLogin && (
          <Button
            type="button"
            variant={passwordAllowed ? 'outline' : 'default'}
            className="w-full"
            disabled={busy}
            onClick={() => window.location.assign(ssoStartURL(email))}
          >
            <Building2 aria-hidden="true" />
            Entrar com o login da empresa
          </Button>
        )}
        {passwordAllowed && (
          <>
            <FormField id="login-password" label="Senha" error={errors.auth?.message}>
              <PasswordInput autoComplete="current-password" {...form.register('auth')} />
            </FormField>
            <Button type="submit" disabled={busy} className="w-full">
              {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
              Entrar
            </Button>
          </>
        )}
        {passwordAllowed && (
          <Button variant="link" asChild className="h-auto justify-self-center p-0">
            {/* A failed sign-in's toast is about this form: it stays behind. */}
            <Link to="/reset/password" onClick={() => dismiss()}>
              Esqueci a senha
            </Link>
          </Button>
        )}
      </form>
    </AuthLayout>
  )
}
