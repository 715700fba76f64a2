import * as React from 'react'
import type { ColumnDef } from '@tanstack/react-table'
import { Pencil, Trash2, UserPlus, X } from 'lucide-react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DataTable, DataTableColumnHeader } from '@/components/ui/data-table'
import { toast } from '@/hooks/use-toast'
import { formatDateTime } from '@/lib/format'
import { compareNames } from '@/lib/name-order'
import { useSession } from '@/lib/session'
import { useTeam } from '../api/get-team'
import { useRemoveMember } from '../api/remove-member'
import { useRevokeInvitation } from '../api/revoke-invitation'
import type { TeamInvitation, TeamMember, TeamStore } from '../api/types'
import { mayManageTeam } from '../permissions'
import { permissionLabels, roleLabels } from '../schemas'
import { MemberDialog } from './member-dialog'

/** The stores' names, for the slugs a member covers; 'Todas' for the network. */
export function storeNames(role: TeamMember['role'], slugs: string[], stores: TeamStore[]) {
  if (role === 'network') return 'Todas'
  // Someone the company's login brought in waits for a store: they see nothing yet.
  if (slugs.length === 0) return 'Nenhuma loja ainda (sem acesso)'
  const names = slugs.map((slug) => stores.find((s) => s.slug === slug)?.name ?? slug)
  return names.sort(compareNames).join(', ')
}

type MemberActions = { onEdit: (m: TeamMember) => void; onRemove: (m: TeamMember) => void }

function memberColumns(stores: TeamStore[], selfId: string | undefined, actions: MemberActions): ColumnDef<TeamMember>[] {
  return [
    {
      id: 'name',
      accessorKey: 'name',
      meta: { label: 'Nome' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Nome" />,
      sortingFn: (a, b) => compareNames(a.original.name, b.original.name),
      filterFn: 'includesString',
      cell: ({ row }) => (
        <span>
          {row.original.name}
          {row.original.id === selfId && <span className="text-muted-foreground"> (você)</span>}
        </span>
      ),
    },
    { id: 'email', accessorKey: 'email', meta: { label: 'E-mail' }, header: ({ column }) => <DataTableColumnHeader column={column} title="E-mail" /> },
    {
      id: 'role',
      accessorFn: (m) => roleLabels[m.role],
      meta: { label: 'Papel' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Papel" />,
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-1">
          <Badge variant={row.original.role === 'network' ? 'default' : 'secondary'}>{roleLabels[row.original.role]}</Badge>
          {permissionLabels(row.original).map((label) => (
            <Badge key={label} variant="outline">
              {label}
            </Badge>
          ))}
        </div>
      ),
    },
    {
      id: 'stores',
      accessorFn: (m) => storeNames(m.role, m.stores, stores),
      meta: { label: 'Lojas' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Lojas" />,
    },
    {
      id: 'actions',
      enableSorting: false,
      meta: { label: 'Ações' },
      header: () => <span className="sr-only">Ações</span>,
      cell: ({ row }) => (
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="icon" aria-label={`Editar ${row.original.name}`} onClick={() => actions.onEdit(row.original)}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Remover ${row.original.name}`} onClick={() => actions.onRemove(row.original)}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ),
    },
  ]
}

function invitationColumns(stores: TeamStore[], onRevoke: (i: TeamInvitation) => void): ColumnDef<TeamInvitation>[] {
  return [
    { id: 'email', accessorKey: 'email', meta: { label: 'E-mail' }, header: ({ column }) => <DataTableColumnHeader column={column} title="E-mail" /> },
    {
      id: 'role',
      accessorFn: (i) => roleLabels[i.role],
      meta: { label: 'Papel' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Papel" />,
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-1">
          <span>{roleLabels[row.original.role]}</span>
          {permissionLabels(row.original).map((label) => (
            <Badge key={label} variant="outline">
              {label}
            </Badge>
          ))}
        </div>
      ),
    },
    {
      id: 'stores',
      accessorFn: (i) => storeNames(i.role, i.stores, stores),
      meta: { label: 'Lojas' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Lojas" />,
    },
    {
      id: 'expiresAt',
      accessorKey: 'expiresAt',
      meta: { label: 'Vale até' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Vale até" />,
      cell: ({ row }) => formatDateTime(row.original.expiresAt),
    },
    {
      id: 'actions',
      enableSorting: false,
      meta: { label: 'Ações' },
      header: () => <span className="sr-only">Ações</span>,
      cell: ({ row }) => (
        <div className="flex justify-end">
          <Button variant="ghost" size="sm" onClick={() => onRevoke(row.original)} aria-label={`Cancelar o convite de ${row.original.email}`}>
            <X aria-hidden="true" />
            Cancelar convite
          </Button>
        </div>
      ),
    },
  ]
}

/** Equipe (/team): the group's members and pending invitations, for those who manage its team. */
export function TeamPage() {
  const { franchise, user } = useSession()
  const slug = franchise?.slug
  const allowed = mayManageTeam(user, slug)
  const team = useTeam(slug, allowed)
  const remove = useRemoveMember(slug)
  const revoke = useRevokeInvitation(slug)
  const [dialog, setDialog] = React.useState<{ open: boolean; member?: TeamMember }>({ open: false })
  const [removing, setRemoving] = React.useState<TeamMember>()
  const [revoking, setRevoking] = React.useState<TeamInvitation>()
  const stores = React.useMemo(() => team.data?.stores ?? [], [team.data])

  const members = React.useMemo(
    () =>
      memberColumns(stores, user?.id, {
        onEdit: (member) => setDialog({ open: true, member }),
        onRemove: setRemoving,
      }),
    [stores, user?.id],
  )
  const invitations = React.useMemo(() => invitationColumns(stores, setRevoking), [stores])

  if (!allowed) {
    return (
      <div className="grid grid-cols-1 gap-6">
        <PageHeader title="Equipe" />
        <p role="status" className="text-muted-foreground">
          Você não tem permissão para gerenciar a equipe deste grupo.
        </p>
      </div>
    )
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Equipe"
        description={franchise ? `Quem trabalha no grupo ${franchise.name}, com o papel e as lojas de cada um.` : undefined}
        actions={
          <Button onClick={() => setDialog({ open: true })}>
            <UserPlus aria-hidden="true" />
            Convidar
          </Button>
        }
      />
      <section aria-labelledby="team-members-title" className="grid gap-3">
        <h2 id="team-members-title" className="text-lg font-semibold">
          Membros
        </h2>
        <DataTable
          label="Membros"
          columns={members}
          data={team.data?.members ?? []}
          isLoading={team.isLoading}
          loadingText="Carregando a equipe..."
          emptyText="Nenhum membro."
          enableRowSelection={false}
          getRowId={(m) => m.id}
          keepPageOnDataChange
          paginateAbove={20}
          filters={[{ type: 'text', columnId: 'name', placeholder: 'Filtrar por nome...' }]}
        />
      </section>
      <section aria-labelledby="team-invitations-title" className="grid gap-3">
        <h2 id="team-invitations-title" className="text-lg font-semibold">
          Convites pendentes
        </h2>
        <DataTable
          label="Convites pendentes"
          columns={invitations}
          data={team.data?.invitations ?? []}
          isLoading={team.isLoading}
          loadingText="Carregando convites..."
          emptyText="Nenhum convite pendente."
          enableRowSelection={false}
          getRowId={(i) => i.id}
          keepPageOnDataChange
          paginateAbove={20}
        />
      </section>
      {slug && (
        <MemberDialog
          open={dialog.open}
          onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
          franchise={slug}
          stores={stores}
          member={dialog.member}
        />
      )}
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && setRemoving(undefined)}
        title="Remover membro"
        description={removing ? `${removing.name} (${removing.email}) perde o acesso ao grupo na hora. Deseja continuar?` : ''}
        confirmLabel="Remover"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast({ title: 'Membro removido', description: `${removing.name} não faz mais parte do grupo.` })
              setRemoving(undefined)
            },
          })
        }
      />
      <ConfirmDialog
        open={!!revoking}
        onOpenChange={(open) => !open && setRevoking(undefined)}
        title="Cancelar convite"
        description={revoking ? `O link enviado para ${revoking.email} deixa de funcionar.` : ''}
        confirmLabel="Cancelar convite"
        destructive
        pending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast({ title: 'Convite cancelado', description: `O convite de ${revoking.email} foi cancelado.` })
              setRevoking(undefined)
            },
          })
        }
      />
    </div>
  )
}
