import * as React from 'react'
import type { ColumnDef } from '@tanstack/react-table'
import { KeyRound, Trash2 } from 'lucide-react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DataTable, DataTableColumnHeader } from '@/components/ui/data-table'
import { toast } from '@/hooks/use-toast'
import { formatDate, formatDateTime } from '@/lib/format'
import { compareNames } from '@/lib/name-order'
import { useSession } from '@/lib/session'
import { mayManageTeam } from '@/features/team'
import { useTokens } from '../api/get-tokens'
import { useRevokeToken } from '../api/revoke-token'
import type { ApiToken } from '../api/types'
import { expired, lastUseLabel, scopeLabels } from '../labels'
import { TokenDialog } from './token-dialog'

/** The stores a token is limited to, or 'Todas'. */
export function tokenStores(token: ApiToken) {
  if (!token.stores.length) return 'Todas'
  return token.stores
    .map((s) => s.name)
    .sort(compareNames)
    .join(', ')
}

function columns(now: number, onRevoke: (t: ApiToken) => void): ColumnDef<ApiToken>[] {
  return [
    {
      id: 'name',
      accessorKey: 'name',
      meta: { label: 'Nome' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Nome" />,
      sortingFn: (a, b) => compareNames(a.original.name, b.original.name),
      filterFn: 'includesString',
      cell: ({ row }) => (
        <div className="grid gap-0.5">
          <span className="font-medium">{row.original.name}</span>
          <span className="font-mono text-xs text-muted-foreground">{row.original.prefix}…</span>
        </div>
      ),
    },
    {
      id: 'scopes',
      accessorFn: (t) => t.scopes.map((s) => scopeLabels[s]).join(', '),
      meta: { label: 'Permissões' },
      enableSorting: false,
      header: () => <span>Permissões</span>,
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-1">
          {row.original.scopes.map((s) => (
            <Badge key={s} variant="secondary">
              {scopeLabels[s]}
            </Badge>
          ))}
        </div>
      ),
    },
    {
      id: 'stores',
      accessorFn: tokenStores,
      meta: { label: 'Lojas' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Lojas" />,
    },
    {
      id: 'createdAt',
      accessorKey: 'createdAt',
      meta: { label: 'Criado' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Criado" />,
      cell: ({ row }) => (
        <div className="grid gap-0.5">
          <span>{formatDateTime(row.original.createdAt)}</span>
          <span className="text-xs text-muted-foreground">{row.original.createdBy ? `por ${row.original.createdBy}` : ''}</span>
        </div>
      ),
    },
    {
      id: 'expiresAt',
      accessorKey: 'expiresAt',
      meta: { label: 'Validade' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Validade" />,
      cell: ({ row }) =>
        expired(row.original.expiresAt, now) ? (
          <Badge variant="destructive">Expirado em {formatDate(row.original.expiresAt)}</Badge>
        ) : (
          <span>até {formatDate(row.original.expiresAt)}</span>
        ),
    },
    {
      id: 'lastUsedAt',
      accessorKey: 'lastUsedAt',
      meta: { label: 'Último uso' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Último uso" />,
      cell: ({ row }) => lastUseLabel(row.original.lastUsedAt, formatDateTime),
    },
    {
      id: 'actions',
      enableSorting: false,
      meta: { label: 'Ações' },
      header: () => <span className="sr-only">Ações</span>,
      cell: ({ row }) => (
        <div className="flex justify-end">
          <Button variant="ghost" size="sm" onClick={() => onRevoke(row.original)} aria-label={`Revogar o token ${row.original.name}`}>
            <Trash2 aria-hidden="true" />
            Revogar
          </Button>
        </div>
      ),
    },
  ]
}

/** Integrações (/integrations): the group's API tokens, for those who manage its team. */
export function IntegrationsPage() {
  const { franchise, user } = useSession()
  const slug = franchise?.slug
  const allowed = mayManageTeam(user, slug)
  const tokens = useTokens(slug, allowed)
  const revoke = useRevokeToken(slug)
  const [creating, setCreating] = React.useState(false)
  // Each opening starts a fresh form (and forgets the token shown last time).
  const [opened, setOpened] = React.useState(0)
  const [revoking, setRevoking] = React.useState<ApiToken>()
  // Expired is read against when the list arrived.
  const now = tokens.dataUpdatedAt
  const cols = React.useMemo(() => columns(now, setRevoking), [now])

  if (!allowed) {
    return (
      <div className="grid grid-cols-1 gap-6">
        <PageHeader title="Integrações" />
        <p role="status" className="text-muted-foreground">
          Você não tem permissão para gerenciar as integrações deste grupo.
        </p>
      </div>
    )
  }

  const limits = tokens.data?.limits
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Integrações"
        description={
          franchise
            ? `Tokens para os sistemas do grupo ${franchise.name} (caixa, ERP, planilha de preços) chamarem a API da Vitrine. Cada um faz só o que suas permissões deixam.`
            : undefined
        }
        actions={
          <Button
            onClick={() => {
              setOpened((n) => n + 1)
              setCreating(true)
            }}
            disabled={!tokens.data}
          >
            <KeyRound aria-hidden="true" />
            Novo token
          </Button>
        }
      />
      <section aria-labelledby="tokens-title" className="grid gap-3">
        <h2 id="tokens-title" className="text-lg font-semibold">
          Tokens
        </h2>
        <DataTable
          label="Tokens"
          columns={cols}
          data={tokens.data?.tokens ?? []}
          isLoading={tokens.isLoading}
          loadingText="Carregando os tokens..."
          emptyText="Nenhum token."
          enableRowSelection={false}
          getRowId={(t) => t.id}
          keepPageOnDataChange
          paginateAbove={20}
        />
        {limits && (
          <p className="text-sm text-muted-foreground">
            {limits.callsPerMinute > 0 ? `Cada token pode fazer até ${limits.callsPerMinute} chamadas por minuto. ` : ''}
            O{' '}
            <a href="/api/openapi.yaml" className="font-medium text-foreground underline underline-offset-4">
              contrato da API
            </a>{' '}
            diz a permissão que cada rota pede.
          </p>
        )}
      </section>
      {slug && limits && (
        <TokenDialog
          key={opened}
          open={creating}
          onOpenChange={setCreating}
          franchise={slug}
          stores={tokens.data?.stores ?? []}
          defaultDays={limits.defaultDays}
          maxDays={limits.maxDays}
        />
      )}
      <ConfirmDialog
        open={!!revoking}
        onOpenChange={(open) => !open && setRevoking(undefined)}
        title="Revogar token"
        description={revoking ? `O sistema que usa “${revoking.name}” perde o acesso na hora: a próxima chamada dele será recusada. Deseja continuar?` : ''}
        confirmLabel="Revogar"
        destructive
        pending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast({ title: 'Token revogado', description: `“${revoking.name}” não pode mais chamar a API.` })
              setRevoking(undefined)
            },
          })
        }
      />
    </div>
  )
}
