import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Loader2, MonitorPlay } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { toast } from '@/hooks/use-toast'
import { isApiError } from '@/lib/api-client'
import { queryRoots } from '@/lib/query-keys'
import { beginSession, logout, useSession } from '@/lib/session'
import { storage, storageKeys } from '@/lib/storage'
import { acceptInvitation } from '../api/accept-invitation'
import { useInvitation } from '../api/get-invitation'
import { signIn } from '../api/sign-in'
import type { AcceptedInvitation, InvitationView } from '../api/types'
import { invitedSignInSchema, newAccountSchema, roleLabels, type InvitedSignInValues, type NewAccountValues } from '../schemas'

export const INVITATION_GONE = 'Convite não encontrado ou expirado. Peça um novo convite a quem convidou você.'

function InvitationLayout({ title, description, children }: { title: string; description?: React.ReactNode; children: React.ReactNode }) {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted p-6 md:p-10">
      <div className="flex items-center gap-2 text-lg font-semibold">
        <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
          <MonitorPlay className="size-5" aria-hidden="true" />
        </span>
        Vitrine
      </div>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle>
            <h1 className="text-xl">{title}</h1>
          </CardTitle>
          {description && <CardDescription className="[overflow-wrap:anywhere]">{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  )
}

/** What accepting does in the console: the group joined becomes the selected one. */
function useJoined() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (accepted: AcceptedInvitation, invitation: InvitationView) => {
    storage.set(storageKeys.franchise, accepted.franchise)
    if (accepted.token) beginSession(queryClient, accepted.token)
    else {
      void queryClient.invalidateQueries({ queryKey: [queryRoots.user] })
      void queryClient.invalidateQueries({ queryKey: [queryRoots.franchises] })
    }
    toast({ title: 'Convite aceito', description: `Você agora faz parte do grupo ${invitation.group}.` })
    navigate('/dashboard', { replace: true })
  }
}

function NewAccountForm({ code, invitation }: { code: string; invitation: InvitationView }) {
  const joined = useJoined()
  const accept = useMutation({
    mutationFn: (values: NewAccountValues) => acceptInvitation(code, { name: values.name.trim(), auth: values.auth }, false),
    onSuccess: (accepted) => joined(accepted, invitation),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao aceitar o convite.' } },
  })
  const form = useForm<NewAccountValues>({ resolver: zodResolver(newAccountSchema), defaultValues: { name: '', auth: '', confirmAuth: '' } })
  const { errors } = form.formState
  return (
    <form onSubmit={form.handleSubmit((values) => accept.mutate(values))} noValidate className="grid gap-5">
      <p className="text-sm">Crie sua conta para entrar no grupo.</p>
      <FormField id="invite-email" label="E-mail">
        <Input type="email" value={invitation.email} readOnly />
      </FormField>
      <FormField id="invite-name" label="Nome" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField id="invite-password" label="Senha" error={errors.auth?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('auth')} />
      </FormField>
      <FormField id="invite-password-confirm" label="Confirmar senha" error={errors.confirmAuth?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('confirmAuth')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={accept.isPending || accept.isSuccess}>
        {accept.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
        Criar conta e aceitar
      </Button>
    </form>
  )
}

function SignInForm({ code, invitation }: { code: string; invitation: InvitationView }) {
  const joined = useJoined()
  const queryClient = useQueryClient()
  const accept = useMutation({
    mutationFn: async (values: InvitedSignInValues) => {
      const { token } = await signIn(invitation.email, values.auth)
      beginSession(queryClient, token)
      return acceptInvitation(code, {}, true)
    },
    onSuccess: (accepted) => joined(accepted, invitation),
    meta: { errorToast: { fallback: 'Houve algum erro ao logar. Verifique suas credenciais e tente novamente.' } },
  })
  const form = useForm<InvitedSignInValues>({ resolver: zodResolver(invitedSignInSchema), defaultValues: { auth: '' } })
  const { errors } = form.formState
  return (
    <form onSubmit={form.handleSubmit((values) => accept.mutate(values))} noValidate className="grid gap-5">
      <p className="text-sm">Este e-mail já tem uma conta no Vitrine. Entre com ela para aceitar o convite.</p>
      <FormField id="invite-email" label="E-mail">
        <Input type="email" value={invitation.email} readOnly />
      </FormField>
      <FormField id="invite-signin-password" label="Senha" error={errors.auth?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('auth')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={accept.isPending || accept.isSuccess}>
        {accept.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
        Entrar e aceitar
      </Button>
      <Button variant="link" asChild>
        <Link to="/reset/password">Esqueci minha senha</Link>
      </Button>
    </form>
  )
}

function SignedInAccept({ code, invitation }: { code: string; invitation: InvitationView }) {
  const joined = useJoined()
  const accept = useMutation({
    mutationFn: () => acceptInvitation(code, {}, true),
    onSuccess: (accepted) => joined(accepted, invitation),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao aceitar o convite.' } },
  })
  return (
    <Button className="w-full" onClick={() => accept.mutate()} disabled={accept.isPending || accept.isSuccess}>
      {accept.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
      Aceitar convite
    </Button>
  )
}

/** Convite (/convite?code=…): the invitation's link, for people signed in or out. */
export function InvitationPage() {
  const [searchParams] = useSearchParams()
  const code = searchParams.get('code')
  const { status, user } = useSession()
  const invitation = useInvitation(code)

  if (!code || invitation.isError) {
    const gone = !code || (isApiError(invitation.error) && invitation.error.statusCode === 404)
    return (
      <InvitationLayout title="Convite">
        <div className="grid gap-5">
          <p role="alert" className="text-sm">
            {gone ? INVITATION_GONE : 'Não foi possível abrir o convite. Tente novamente.'}
          </p>
          <Button variant="outline" asChild>
            <Link to="/">Ir para o login</Link>
          </Button>
        </div>
      </InvitationLayout>
    )
  }
  if (invitation.isLoading || !invitation.data || status === 'restoring' || (status === 'authenticated' && !user)) {
    return (
      <InvitationLayout title="Convite">
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Carregando o convite...
        </p>
      </InvitationLayout>
    )
  }

  const inv = invitation.data
  const description = `Você foi convidado para a equipe do grupo ${inv.group} com o papel '${roleLabels[inv.role]}'.`
  const signedIn = status === 'authenticated' && !!user
  let body: React.ReactNode
  if (!inv.account) body = <NewAccountForm code={code} invitation={inv} />
  else if (!signedIn) body = <SignInForm code={code} invitation={inv} />
  else if (user.email === inv.email) body = <SignedInAccept code={code} invitation={inv} />
  else
    body = (
      <div className="grid gap-5">
        <p className="text-sm [overflow-wrap:anywhere]">
          Você está conectado como {user.email}. Este convite é para {inv.email}: saia, abra o link do convite de novo e entre com essa conta.
        </p>
        <Button variant="outline" onClick={() => void logout()}>
          Sair
        </Button>
      </div>
    )
  return (
    <InvitationLayout title={`Convite para ${inv.group}`} description={description}>
      {body}
    </InvitationLayout>
  )
}
