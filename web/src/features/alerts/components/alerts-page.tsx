import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import type { ColumnDef } from '@tanstack/react-table'
import { Loader2 } from 'lucide-react'
import { Controller, useForm } from 'react-hook-form'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { DataTable, DataTableColumnHeader } from '@/components/ui/data-table'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Switch } from '@/components/ui/switch'
import { useNow } from '@/hooks/use-now'
import { toast } from '@/hooks/use-toast'
import { formatDateTime } from '@/lib/format'
import { compareNames } from '@/lib/name-order'
import { useSession } from '@/lib/session'
import { typedNumber } from '@/lib/validation'
import { useAlerts } from '../api/get-alerts'
import { useSaveAlertSettings } from '../api/save-alert-settings'
import type { AlertChannel, AlertMessage, AlertSettings, OfflineTV } from '../api/types'
import { channelLabels, delayUnitLabels, earlierDropsSince, formatRecipient, offlineTime, outageDuration, splitDelay, type DelayUnit } from '../format'
import { alertSettingsSchema, toAlertSettingsInput, type AlertSettingsValues } from '../schemas'

type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline'

const statuses: Record<string, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pendente', variant: 'secondary' },
  sent: { label: 'Enviada', variant: 'outline' },
  delivered: { label: 'Entregue', variant: 'default' },
  read: { label: 'Lida', variant: 'default' },
  failed: { label: 'Falhou', variant: 'destructive' },
}

/** How often the "Há" column ages on screen. */
const NOW_TICK_MS = 30_000

const CHANNELS: AlertChannel[] = ['sms', 'whatsapp', 'email']

function offlineColumns(now: number): ColumnDef<OfflineTV>[] {
  return [
    {
      id: 'store',
      accessorKey: 'storeName',
      meta: { label: 'Loja' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Loja" />,
      sortingFn: (a, b) => compareNames(a.original.storeName, b.original.storeName),
      filterFn: 'includesString',
    },
    {
      id: 'name',
      accessorKey: 'name',
      meta: { label: 'TV' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="TV" />,
      sortingFn: (a, b) => compareNames(a.original.name, b.original.name),
      filterFn: 'includesString',
    },
    {
      id: 'since',
      accessorFn: (tv) => tv.since || Number.MAX_SAFE_INTEGER,
      meta: { label: 'Offline desde' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Offline desde" />,
      cell: ({ row }) => {
        if (!row.original.since) return 'Nunca conectou'
        const first = earlierDropsSince(row.original)
        return (
          <div className="flex flex-col">
            <span>{formatDateTime(row.original.since)}</span>
            {first ? <span className="text-xs text-muted-foreground">com quedas desde {formatDateTime(first)}</span> : null}
          </div>
        )
      },
    },
    {
      id: 'duration',
      accessorFn: (tv) => offlineTime(tv, now) ?? -1,
      meta: { label: 'Há' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Há" />,
      cell: ({ row }) => {
        const offline = offlineTime(row.original, now)
        return offline === null ? '—' : outageDuration(offline)
      },
    },
    {
      id: 'alerted',
      accessorKey: 'alertedAt',
      meta: { label: 'Alerta' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Alerta" />,
      cell: ({ row }) =>
        row.original.alertedAt ? (
          <Badge variant="destructive">Enviado {formatDateTime(row.original.alertedAt)}</Badge>
        ) : (
          <span className="text-muted-foreground">{row.original.since ? 'Aguardando o atraso' : 'Não enviado'}</span>
        ),
    },
  ]
}

const sentColumns: ColumnDef<AlertMessage>[] = [
  {
    id: 'createdAt',
    accessorKey: 'createdAt',
    meta: { label: 'Data' },
    header: ({ column }) => <DataTableColumnHeader column={column} title="Data" />,
    cell: ({ row }) => formatDateTime(row.original.createdAt),
  },
  {
    id: 'kind',
    accessorFn: (m) => (m.kind === 'back' ? 'Voltou' : 'Offline'),
    meta: { label: 'Aviso' },
    header: ({ column }) => <DataTableColumnHeader column={column} title="Aviso" />,
    cell: ({ row }) => <Badge variant={row.original.kind === 'back' ? 'secondary' : 'destructive'}>{row.getValue('kind')}</Badge>,
  },
  {
    id: 'tv',
    accessorFn: (m) => `${m.displayName} · ${m.storeName}`,
    meta: { label: 'TV', truncate: true },
    header: ({ column }) => <DataTableColumnHeader column={column} title="TV" />,
    filterFn: 'includesString',
  },
  {
    id: 'channel',
    accessorFn: (m) => channelLabels[m.channel] ?? m.channel,
    meta: { label: 'Canal' },
    header: ({ column }) => <DataTableColumnHeader column={column} title="Canal" />,
  },
  {
    id: 'recipient',
    accessorFn: (m) => formatRecipient(m.recipient),
    meta: { label: 'Destinatário', truncate: true },
    header: ({ column }) => <DataTableColumnHeader column={column} title="Destinatário" />,
    filterFn: 'includesString',
  },
  {
    id: 'status',
    accessorKey: 'status',
    meta: { label: 'Status' },
    header: ({ column }) => <DataTableColumnHeader column={column} title="Status" />,
    cell: ({ row }) => {
      const s = statuses[row.original.status] ?? { label: row.original.status, variant: 'outline' as const }
      return (
        <Badge variant={s.variant} title={row.original.error || undefined}>
          {s.label}
        </Badge>
      )
    },
  },
]

function settingsValues(settings: AlertSettings | undefined): AlertSettingsValues {
  const { amount, unit } = splitDelay(settings?.delayMinutes ?? 2880)
  return {
    enabled: settings?.enabled ?? false,
    amount,
    unit,
    channels: (settings?.channels ?? CHANNELS) as AlertChannel[],
  }
}

function SettingsForm({ franchise, settings, canEdit }: { franchise: string | undefined; settings: AlertSettings | undefined; canEdit: boolean }) {
  const save = useSaveAlertSettings(franchise)
  const values = React.useMemo(() => settingsValues(settings), [settings])
  const form = useForm<AlertSettingsValues>({ resolver: zodResolver(alertSettingsSchema), values })
  const { errors } = form.formState
  const disabled = !canEdit || !settings || save.isPending

  const onSubmit = form.handleSubmit((value) =>
    save.mutate(toAlertSettingsInput(value), {
      onSuccess: () => toast({ title: 'Configurações salvas', description: 'Os alertas de TV offline seguem as novas configurações.' }),
    }),
  )

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Configurações</h2>
        </CardTitle>
        <CardDescription>
          {canEdit
            ? 'Quando uma TV fica offline além do atraso (contando só o horário de funcionamento da loja), um aviso vai aos contatos da loja que recebem notificações e, por e-mail, a quem optou por recebê-los no seu perfil.'
            : 'Apenas administradores alteram estas configurações.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Configurações de alerta">
          <div className="flex items-center gap-3">
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => <Switch id="alerts-enabled" checked={field.value} onCheckedChange={field.onChange} disabled={disabled} />}
            />
            <Label htmlFor="alerts-enabled">Enviar alertas de TV offline</Label>
          </div>
          <fieldset className="grid gap-2" aria-describedby={errors.amount ? 'alerts-delay-error' : undefined}>
            <legend className="mb-2 text-sm font-medium">Atraso antes do alerta</legend>
            <div className="flex flex-wrap items-center gap-2">
              <Label htmlFor="alerts-delay" className="sr-only">
                Quantidade
              </Label>
              <Input
                id="alerts-delay"
                inputMode="numeric"
                autoComplete="off"
                className="w-28"
                disabled={disabled}
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={errors.amount ? 'alerts-delay-error' : undefined}
                {...form.register('amount', { setValueAs: typedNumber })}
              />
              <Controller
                control={form.control}
                name="unit"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={(v) => field.onChange(v as DelayUnit)} disabled={disabled}>
                    <SelectTrigger className="w-32" aria-label="Unidade do atraso">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {(Object.keys(delayUnitLabels) as DelayUnit[]).map((unit) => (
                        <SelectItem key={unit} value={unit}>
                          {delayUnitLabels[unit]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
            <p className="text-sm text-muted-foreground">De 5 minutos a 7 dias; o horário em que a loja está fechada não conta.</p>
            {errors.amount && (
              <p id="alerts-delay-error" role="alert" className="text-sm text-destructive">
                {errors.amount.message}
              </p>
            )}
          </fieldset>
          <fieldset className="grid gap-2" aria-describedby={errors.channels ? 'alerts-channels-error' : undefined}>
            <legend className="mb-2 text-sm font-medium">Canais</legend>
            <Controller
              control={form.control}
              name="channels"
              render={({ field }) => (
                <div className="flex flex-wrap gap-5">
                  {CHANNELS.map((channel) => (
                    <div key={channel} className="flex items-center gap-2">
                      <Checkbox
                        id={`alerts-channel-${channel}`}
                        checked={field.value.includes(channel)}
                        disabled={disabled}
                        onCheckedChange={(on) =>
                          field.onChange(on === true ? CHANNELS.filter((c) => c === channel || field.value.includes(c)) : field.value.filter((c) => c !== channel))
                        }
                      />
                      <Label htmlFor={`alerts-channel-${channel}`}>{channelLabels[channel]}</Label>
                    </div>
                  ))}
                </div>
              )}
            />
            <p className="text-sm text-muted-foreground">SMS e WhatsApp vão ao telefone dos contatos da loja; e-mail, aos usuários que optaram no perfil.</p>
            {errors.channels && (
              <p id="alerts-channels-error" role="alert" className="text-sm text-destructive">
                {errors.channels.message}
              </p>
            )}
          </fieldset>
          {canEdit && (
            <Button type="submit" className="justify-self-start" disabled={disabled}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Salvar
            </Button>
          )}
        </form>
      </CardContent>
    </Card>
  )
}

/** Alertas (/alerts): the franchise's TVs offline now, the alerts sent, and the settings. */
export function AlertsPage() {
  const { franchise, user } = useSession()
  const slug = franchise?.slug
  const alerts = useAlerts(slug)
  const serverDiff = user?.serverDiff ?? 0
  const now = useNow(NOW_TICK_MS) - serverDiff
  const columns = React.useMemo(() => offlineColumns(now), [now])

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Alertas" description="TVs offline agora e os avisos enviados por SMS, WhatsApp e e-mail." />
      <section aria-labelledby="alerts-offline-title" className="grid gap-3">
        <h2 id="alerts-offline-title" className="text-lg font-semibold">
          TVs offline agora
        </h2>
        <DataTable
          label="TVs offline agora"
          columns={columns}
          data={alerts.data?.offline ?? []}
          isLoading={alerts.isLoading}
          loadingText="Carregando TVs offline..."
          emptyText="Nenhuma TV offline."
          enableRowSelection={false}
          getRowId={(tv) => tv.display}
          keepPageOnDataChange
          paginateAbove={10}
        />
      </section>
      <SettingsForm franchise={slug} settings={alerts.data?.settings} canEdit={!!user?.isAdmin} />
      <section aria-labelledby="alerts-sent-title" className="grid gap-3">
        <h2 id="alerts-sent-title" className="text-lg font-semibold">
          Alertas enviados
        </h2>
        <DataTable
          label="Alertas enviados"
          columns={sentColumns}
          data={alerts.data?.sent ?? []}
          isLoading={alerts.isLoading}
          loadingText="Carregando alertas..."
          emptyText="Nenhum alerta enviado."
          enableRowSelection={false}
          getRowId={(m) => m.id}
          keepPageOnDataChange
          paginateAbove={10}
          filters={[{ type: 'text', columnId: 'tv', placeholder: 'Filtrar por TV ou loja...' }]}
        />
      </section>
    </div>
  )
}
