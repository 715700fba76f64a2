import * as React from 'react'
import type { ColumnDef } from '@tanstack/react-table'
import { Copy, ExternalLink, Eye, Pencil, Plus, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DataTable, DataTableColumnHeader, type DataTableFilter } from '@/components/ui/data-table'
import { useIdlePreload } from '@/hooks/use-idle-preload'
import { chunk, lazyComponent } from '@/lib/lazy'
import { compareNames } from '@/lib/name-order'
import { useSession } from '@/lib/session'
import { useSchedules } from '../api/get-schedules'
import type { ScheduleSummary } from '../api/types'
import type { ScheduleDialogState } from './schedule-actions'

const loadDialogs = chunk(() => import('./schedules-page-dialogs'))
const SchedulesPageDialogs = lazyComponent(loadDialogs, (m) => m.SchedulesPageDialogs)

const filters: DataTableFilter[] = [{ type: 'text', columnId: 'name', placeholder: 'Filtrar programações...' }]

/** 'Programações' (/schedule): the franchise's schedules, spec 2 §2. */
export function SchedulesPage() {
  const { franchise, abilities } = useSession()
  const editable = abilities.editLibrary
  const slug = franchise?.slug ?? ''
  const schedules = useSchedules(franchise?.slug)
  const [dialog, setDialog] = React.useState<ScheduleDialogState>(null)
  // The dialogs are mounted with the first one opened; their code comes once the rows are drawn.
  const [dialogsMounted, setDialogsMounted] = React.useState(false)
  const open = React.useCallback((next: ScheduleDialogState) => {
    setDialogsMounted(true)
    setDialog(next)
  }, [])
  useIdlePreload(schedules.isSuccess, loadDialogs)

  const columns = React.useMemo<ColumnDef<ScheduleSummary>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        meta: { label: 'Nome da Programação', truncate: true },
        header: ({ column }) => <DataTableColumnHeader column={column} title="Nome da Programação" />,
        sortingFn: (a, b) => compareNames(a.original.name, b.original.name),
        filterFn: 'includesString',
        cell: ({ row }) => (
          <span className="flex flex-wrap items-center gap-2">
            <Link to={`/schedule/${encodeURIComponent(row.original.id)}`} className="font-medium hover:underline">
              {row.original.name}
            </Link>
            {row.original.forFranchisees && <Badge variant="secondary">Disponível para franqueados</Badge>}
          </span>
        ),
      },
      {
        id: 'duration',
        accessorKey: 'duration',
        meta: { label: 'Duração' },
        header: ({ column }) => <DataTableColumnHeader column={column} title="Duração" />,
        cell: ({ row }) => <span className="tabular-nums">{row.original.duration}s</span>,
      },
      {
        id: 'displays',
        accessorKey: 'displays',
        meta: { label: 'Televisores' },
        header: ({ column }) => <DataTableColumnHeader column={column} title="Televisores" />,
        cell: ({ row }) => <span className="tabular-nums">{row.original.displays}</span>,
      },
      {
        id: 'actions',
        header: 'Ações',
        enableHiding: false,
        enableSorting: false,
        cell: ({ row }) => {
          const schedule = row.original
          if (!editable) {
            // A franchisee reads the network's schedules (docs/roles.md).
            return (
              <div className="flex gap-1">
                <Button asChild variant="outline" size="sm">
                  <Link to={`/schedule/${encodeURIComponent(schedule.id)}`} aria-label={`Abrir ${schedule.name}`}>
                    <ExternalLink /> Abrir
                  </Link>
                </Button>
                <Button variant="outline" size="sm" aria-label={`Ver prévia de ${schedule.name}`} onClick={() => open({ kind: 'preview', schedule, at: Date.now() })}>
                  <Eye /> Ver prévia
                </Button>
              </div>
            )
          }
          return (
            <div className="flex gap-1">
              <Button asChild variant="outline" size="sm">
                <Link to={`/schedule/${encodeURIComponent(schedule.id)}`} aria-label={`Editar ${schedule.name}`}>
                  <Pencil /> Editar
                </Link>
              </Button>
              <Button variant="outline" size="sm" aria-label={`Duplicar ${schedule.name}`} onClick={() => open({ kind: 'duplicate', schedule })}>
                <Copy /> Duplicar
              </Button>
              <Button variant="outline" size="sm" aria-label={`Ver prévia de ${schedule.name}`} onClick={() => open({ kind: 'preview', schedule, at: Date.now() })}>
                <Eye /> Ver prévia
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="text-destructive"
                aria-label={`Excluir ${schedule.name}`}
                onClick={() => open({ kind: 'delete', schedule })}
              >
                <Trash2 /> Excluir
              </Button>
            </div>
          )
        },
      },
    ],
    [open, editable],
  )

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Programações"
        description="O que cada televisor exibe, em ordem, com suas regras de dia e horário."
        actions={
          editable ? (
            <Button onClick={() => open({ kind: 'create' })}>
              <Plus /> Nova Programação
            </Button>
          ) : undefined
        }
      />
      <DataTable
        label="Programações"
        columns={columns}
        data={schedules.data ?? []}
        isLoading={schedules.isLoading}
        loadingText="Carregando programações..."
        emptyText="Nenhuma programação cadastrada."
        filters={filters}
        initialSorting={[{ id: 'name', desc: false }]}
        enableRowSelection={false}
        pageSize={100}
        paginateAbove={100}
        // What a screen shows of the page first; the other rows of a big franchise's page follow.
        firstDrawRows={20}
        getRowId={(schedule) => schedule.id}
      />
      {dialogsMounted && (
        <React.Suspense fallback={null}>
          <SchedulesPageDialogs franchise={slug} dialog={dialog} onClose={() => setDialog(null)} />
        </React.Suspense>
      )}
    </div>
  )
}
