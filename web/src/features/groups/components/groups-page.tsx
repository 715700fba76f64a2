import * as React from 'react'
import type { ColumnDef } from '@tanstack/react-table'
import { Pencil, Plus } from 'lucide-react'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { DataTable, DataTableColumnHeader, type DataTableFilter } from '@/components/ui/data-table'
import { compareNames } from '@/lib/name-order'
import { useFranchises, type Franchise } from '@/lib/session'
import { GroupDialog } from './group-dialog'

/** A count that can never show below zero (Telas). */
export function nonNegative(value: number | undefined) {
  return Math.max(0, value ?? 0)
}

function textColumn(id: 'name' | 'social' | 'state' | 'city', title: string): ColumnDef<Franchise> {
  return {
    id,
    accessorFn: (group) => group[id] ?? '',
    // Names and cities may be long: they share the width left and are cut, whole on hover.
    meta: { label: title, truncate: id !== 'state' },
    header: ({ column }) => <DataTableColumnHeader column={column} title={title} />,
    sortingFn: (a, b) => compareNames(a.getValue<string>(id), b.getValue<string>(id)),
    filterFn: 'includesString',
    cell: ({ getValue }) => getValue<string>() || <span className="text-muted-foreground">—</span>,
  }
}

function countColumn(id: 'stores' | 'displays', title: string): ColumnDef<Franchise> {
  return {
    id,
    accessorFn: (group) => nonNegative(group[id]),
    meta: { label: title },
    header: ({ column }) => <DataTableColumnHeader column={column} title={title} />,
    cell: ({ getValue }) => <span className="tabular-nums">{getValue<number>()}</span>,
  }
}

const filters: DataTableFilter[] = [{ type: 'text', columnId: 'name', placeholder: 'Filtrar grupos...' }]

export function GroupsPage() {
  const groups = useFranchises()
  const [dialog, setDialog] = React.useState<{ open: boolean; group?: Franchise }>({ open: false })

  const columns = React.useMemo<ColumnDef<Franchise>[]>(
    () => [
      { ...textColumn('name', 'Nome'), cell: ({ getValue }) => <span className="font-medium">{getValue<string>()}</span> },
      textColumn('social', 'Nome Social'),
      textColumn('state', 'Estado'),
      textColumn('city', 'Cidade'),
      countColumn('stores', 'Franquias'),
      countColumn('displays', 'Telas'),
      {
        id: 'actions',
        header: 'Ações',
        enableHiding: false,
        enableSorting: false,
        cell: ({ row }) => (
          <Button variant="outline" size="sm" onClick={() => setDialog({ open: true, group: row.original })} aria-label={`Editar ${row.original.name}`}>
            <Pencil /> Editar
          </Button>
        ),
      },
    ],
    [],
  )

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Grupos"
        description="Os grupos (franquias) de que você faz parte."
        actions={
          <Button onClick={() => setDialog({ open: true })}>
            <Plus /> Novo Grupo
          </Button>
        }
      />
      <DataTable
        label="Grupos"
        columns={columns}
        data={groups.data ?? []}
        isLoading={groups.isLoading}
        loadingText="Carregando grupos..."
        emptyText="Nenhum grupo encontrado."
        filters={filters}
        initialSorting={[{ id: 'name', desc: false }]}
        enableRowSelection={false}
        getRowId={(group) => group.slug}
      />
      <GroupDialog open={dialog.open} group={dialog.group} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />
    </div>
  )
}
