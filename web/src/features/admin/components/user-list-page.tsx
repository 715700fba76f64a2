import type { ColumnDef } from '@tanstack/react-table'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { DataTable, DataTableColumnHeader, selectColumn, type DataTableFilter } from '@/components/ui/data-table'
import { compareNames } from '@/lib/name-order'
import { useUsers } from '../api/get-users'
import type { AdminUser } from '../types'
import { UserRowActions } from './user-row-actions'

function franchiseNames(user: AdminUser) {
  return Object.values(user.franchise ?? {}).sort(compareNames)
}

const columns: ColumnDef<AdminUser>[] = [
  selectColumn<AdminUser>(),
  {
    id: 'name',
    accessorKey: 'name',
    meta: { label: 'Nome do Usuário', truncate: true },
    header: ({ column }) => <DataTableColumnHeader column={column} title="Nome do Usuário" />,
    sortingFn: (a, b) => compareNames(a.original.name, b.original.name),
    filterFn: 'includesString',
  },
  {
    id: 'email',
    accessorKey: 'email',
    meta: { label: 'E-mail', truncate: true },
    header: ({ column }) => <DataTableColumnHeader column={column} title="E-mail" />,
    filterFn: 'includesString',
  },
  {
    id: 'franchises',
    accessorFn: (user) => franchiseNames(user).join(', '),
    meta: { label: 'Franquias' },
    header: ({ column }) => <DataTableColumnHeader column={column} title="Franquias" />,
    sortingFn: (a, b) => compareNames(a.getValue('franchises'), b.getValue('franchises')),
    filterFn: 'includesString',
    cell: ({ row }) => (
      <div className="flex max-w-md flex-wrap gap-1">
        {franchiseNames(row.original).map((name) => (
          <Badge key={name} variant="secondary">
            {name}
          </Badge>
        ))}
      </div>
    ),
  },
  {
    id: 'actions',
    header: 'Ações',
    enableHiding: false,
    enableSorting: false,
    cell: ({ row }) => <UserRowActions user={row.original} />,
  },
]

const filters: DataTableFilter[] = [
  { type: 'text', columnId: 'name', placeholder: 'Filtrar por nome...' },
  { type: 'text', columnId: 'email', placeholder: 'Filtrar por e-mail...' },
  { type: 'text', columnId: 'franchises', placeholder: 'Filtrar por franquia...' },
]

export function UserListPage() {
  const users = useUsers()
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Admin" description="Usuários da plataforma e suas franquias." />
      <DataTable
        label="Usuários"
        columns={columns}
        data={users.data ?? []}
        isLoading={users.isLoading}
        loadingText="Carregando usuários..."
        emptyText="Nenhum usuário encontrado."
        filters={filters}
        initialSorting={[{ id: 'name', desc: false }]}
        getRowId={(user) => user.id ?? user.email}
      />
    </div>
  )
}
