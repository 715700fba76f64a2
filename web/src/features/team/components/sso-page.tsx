import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Loader2, Power, Save } from 'lucide-react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/hooks/use-toast'
import { useSession } from '@/lib/session'
import { useTeam } from '../api/get-team'
import { useDeleteSSO, useSaveSSO, useSSOSettings, type SSOSettings } from '../api/sso-settings'
import type { TeamRole } from '../api/types'
import { mayManageTeam } from '../permissions'

import { ssoSchema, toFormValues, toSSOInput, type SSOFormValues } from '../sso-schemas'
import { RoleSelect, StoresSelect } from './role-fields'

const ROLES: TeamRole[] = ['store', 'franchisee', 'network']

const newPeopleRole: Record<TeamRole, string> = {
  store: 'Gerente de loja: sem loja escolhida, não vê nada até alguém da equipe dar uma loja a ele.',
  franchisee: 'Franqueado das lojas escolhidas.',
  network: 'Rede: todas as lojas do grupo (sem gerenciar a equipe nem aprovar conteúdo).',
}

/** Login único (/sso): the group's OpenID Provider, for those who manage its team. */
export function SSOPage() {
  const { franchise, user } = useSession()
  const slug = franchise?.slug
  const allowed = mayManageTeam(user, slug)
  const settings = useSSOSettings(slug, allowed)

  if (!allowed) {
    return (
      <div className="grid grid-cols-1 gap-6">
        <PageHeader title="Login único" />
        <p role="status" className="text-muted-foreground">
          Você não tem permissão para configurar o login único deste grupo.
        </p>
      </div>
    )
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Login único"
        description="As pessoas do grupo entram no Vitrine com a conta da empresa (OpenID Connect: Google Workspace, Microsoft Entra ID, Keycloak...)."
      />
      {settings.isLoading || !settings.data ? (
        <p role="status" className="text-muted-foreground">
          Carregando o login único...
        </p>
      ) : (
        <SSOForm key={String(settings.data.configured)} slug={slug ?? ''} settings={settings.data} />
      )}
    </div>
  )
}

function SSOForm({ slug, settings }: { slug: string; settings: SSOSettings }) {
  const team = useTeam(slug)
  const save = useSaveSSO(slug)
  const remove = useDeleteSSO(slug)
  const [confirmOff, setConfirmOff] = React.useState(false)
  const schema = React.useMemo(() => ssoSchema(settings.secretSet), [settings.secretSet])
  const form = useForm<SSOFormValues>({ resolver: zodResolver(schema), defaultValues: toFormValues(settings) })
  const { errors } = form.formState
  const role = useWatch({ control: form.control, name: 'role' })
  const storeOptions = (team.data?.stores ?? []).map((s) => ({ value: s.slug, label: s.name }))

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(toSSOInput(values), {
      onSuccess: (saved) => {
        form.reset(toFormValues(saved))
        toast({ title: 'Login único salvo', description: `Entram pela empresa os e-mails de ${saved.domains.join(', ')}.` })
      },
    }),
  )

  return (
    <>
      <section aria-labelledby="sso-status-title" className="grid gap-2 rounded-lg border p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="sso-status-title" className="text-lg font-semibold">
            Situação
          </h2>
          <Badge variant={settings.configured ? 'default' : 'secondary'}>{settings.configured ? 'Ligado' : 'Não configurado'}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          Cadastre no provedor um aplicativo web com este endereço de retorno (redirect URI):
        </p>
        <code className="w-fit max-w-full rounded bg-muted px-2 py-1 text-sm [overflow-wrap:anywhere]" aria-label="Endereço de retorno (redirect URI)">
          {settings.redirectUri}
        </code>
        {!settings.secretKey && (
          <p role="status" className="text-sm text-foreground">
            O servidor ainda não tem a chave para guardar segredos (VITRINE_SECRET_KEY): o client secret não pode ser salvo até o
            administrador da plataforma defini-la.
          </p>
        )}
      </section>
      <form onSubmit={onSubmit} noValidate className="grid max-w-2xl gap-5" aria-label="Configuração do login único">
        <FormField id="sso-issuer" label="Endereço do provedor (issuer)" error={errors.issuer?.message} description="Por exemplo https://accounts.google.com">
          <Input type="url" autoComplete="off" placeholder="https://login.empresa.com.br/realms/empresa" {...form.register('issuer')} />
        </FormField>
        <FormField id="sso-client-id" label="Client ID" error={errors.clientId?.message}>
          <Input autoComplete="off" {...form.register('clientId')} />
        </FormField>
        <FormField
          id="sso-client-secret"
          label="Client secret"
          error={errors.clientSecret?.message}
          description={settings.secretSet ? 'Definido. Deixe em branco para manter o atual.' : 'Guardado criptografado; nunca é mostrado de novo.'}
        >
          <Input type="password" autoComplete="new-password" placeholder={settings.secretSet ? 'definido' : ''} {...form.register('clientSecret')} />
        </FormField>
        <FormField
          id="sso-domains"
          label="Domínios de e-mail"
          error={errors.domains?.message}
          description="Separados por vírgula, como empresa.com.br, filial.com.br. Cada domínio pertence a um só grupo."
        >
          <Input autoComplete="off" placeholder="empresa.com.br" {...form.register('domains')} />
        </FormField>
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <RoleSelect
              id="sso-role"
              label="Papel de quem entra pela primeira vez"
              roles={ROLES}
              value={field.value}
              description={newPeopleRole[field.value]}
              onChange={(value) => {
                field.onChange(value)
                if (value === 'network') form.setValue('stores', [])
              }}
            />
          )}
        />
        {role !== 'network' && (
          <Controller
            control={form.control}
            name="stores"
            render={({ field, fieldState }) => (
              <StoresSelect
                id="sso-stores"
                label={role === 'store' ? 'Loja (opcional)' : 'Lojas'}
                options={storeOptions}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                placeholder="Nenhuma"
              />
            )}
          />
        )}
        <Controller
          control={form.control}
          name="allowPassword"
          render={({ field }) => (
            <div className="flex items-start gap-3">
              <Checkbox
                id="sso-allow-password"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                aria-describedby="sso-allow-password-description"
              />
              <div className="grid gap-1">
                <Label htmlFor="sso-allow-password">Permitir também a entrada com senha</Label>
                <p id="sso-allow-password-description" className="text-sm text-muted-foreground">
                  Desmarcado, os e-mails destes domínios só entram pelo login da empresa.
                </p>
              </div>
            </div>
          )}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
            Salvar
          </Button>
          {settings.configured && (
            <Button type="button" variant="outline" onClick={() => setConfirmOff(true)}>
              <Power aria-hidden="true" />
              Desligar
            </Button>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={confirmOff}
        onOpenChange={setConfirmOff}
        title="Desligar o login único"
        description="As pessoas destes domínios voltam a entrar com e-mail e senha (quem não tem senha pode criar uma em 'Esqueci a senha'). Deseja continuar?"
        confirmLabel="Desligar"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast({ title: 'Login único desligado' })
              setConfirmOff(false)
            },
          })
        }
      />
    </>
  )
}
