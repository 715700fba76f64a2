import * as React from 'react'
import type { ColumnDef } from '@tanstack/react-table'
import { Activity, CalendarPlus, CalendarSync, ExternalLink, History, MonitorPlay, MoreHorizontal, Pencil, Radio, Terminal, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { DataTable, DataTableColumnHeader, type DataTableFilter } from '@/components/ui/data-table'
import { LazyDropdownMenu } from '@/components/ui/lazy-dropdown-menu'
import { compareNames } from '@/lib/name-order'
import { useAbilities } from '@/lib/session'
import type { Display, DisplayCommand } from '../api/types'
import { displayCommands, NOT_CONNECTED } from '../commands'
import { displayStatus, statusLabels } from '../display-status'
import { orientationAngle, orientationLabel } from '../orientation'
import { HealthBadge } from './health-badge'
import { StatusBadge } from './status-badge'

/** What a row of the table asks the page for: a dialog on the TV. */
export type DisplayRowAction =
  | { kind: 'display-edit'; display: Display }
  | { kind: 'display-delete'; display: Display }
  | { kind: 'schedule'; display: Display }
  | { kind: 'now-playing'; display: Display }
  | { kind: 'command'; display: Display; operation: DisplayCommand }
  | { kind: 'command-results'; display: Display }
  | { kind: 'health'; display: Display }
  | { kind: 'live'; display: Display }

type Props = {
  storeName: string
  displays: Display[]
  serverDiff: number
  now: number
  /** Admins and impersonating admins see the 'Ações Admin' column. */
  showAdminActions: boolean
  /** Should keep its identity between renders: the columns depend on it. */
  onAction: (action: DisplayRowAction) => void
}

const filters: DataTableFilter[] = [{ type: 'text', columnId: 'name', placeholder: 'Filtrar televisores...' }]

/**
 * The first column (the TV's name) holds still while the table scrolls
 * sideways. Its z-index lifts it over the other cells only: the wrapper is
 * a stacking context of its own (isolate), so the column scrolls under the
 * page's sticky header wherever the table is drawn.
 */
const stickyNameColumn = [
  'isolate',
  '[&_td:first-child]:sticky [&_td:first-child]:left-0 [&_td:first-child]:z-10 [&_td:first-child]:bg-card',
  '[&_th:first-child]:sticky [&_th:first-child]:left-0 [&_th:first-child]:z-10 [&_th:first-child]:bg-card',
  'max-md:[&_td:first-child]:shadow-[1px_0_0_var(--border)] max-md:[&_th:first-child]:shadow-[1px_0_0_var(--border)]',
].join(' ')

/** A row's 'Ações' menu, mounted on first use: Visão Geral draws a hundred rows at once. */
function RowActions({ display, onAction }: { display: Display; onAction: Props['onAction'] }) {
  const linked = !!display.schedule
  const { manageTVs, readLibrary } = useAbilities()
  return (
    <LazyDropdownMenu
      align="end"
      trigger={
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Ações para ${display.name}`}>
          <MoreHorizontal />
        </Button>
      }
    >
      {({ DropdownMenuItem, DropdownMenuSeparator }) => (
        <>
          {manageTVs && (
            <DropdownMenuItem onSelect={() => onAction({ kind: 'display-edit', display })}>
              <Pencil /> Editar
            </DropdownMenuItem>
          )}
          {linked ? (
            <>
              {readLibrary && (
                <DropdownMenuItem asChild>
                  <Link to={`/schedule/${encodeURIComponent(display.schedule)}`}>
                    <ExternalLink /> Acessar programação
                  </Link>
                </DropdownMenuItem>
              )}
              <DropdownMenuItem onSelect={() => onAction({ kind: 'now-playing', display })}>
                <MonitorPlay /> O que está passando
              </DropdownMenuItem>
              {manageTVs && (
                <DropdownMenuItem onSelect={() => onAction({ kind: 'schedule', display })}>
                  <CalendarSync /> Alterar programação
                </DropdownMenuItem>
              )}
            </>
          ) : (
            manageTVs && (
              <DropdownMenuItem onSelect={() => onAction({ kind: 'schedule', display })}>
                <CalendarPlus /> Adicionar programação
              </DropdownMenuItem>
            )
          )}
          <DropdownMenuItem onSelect={() => onAction({ kind: 'live', display })}>
            <Radio /> Ver ao vivo
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onAction({ kind: 'health', display })}>
            <Activity /> Saúde do televisor
          </DropdownMenuItem>
          {manageTVs && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => onAction({ kind: 'display-delete', display })}>
                <Trash2 /> Excluir
              </DropdownMenuItem>
            </>
          )}
        </>
      )}
    </LazyDropdownMenu>
  )
}

/**
 * The box commands of a TV. A TV whose player is not connected would refuse
 * them (100124): they are shown disabled, with the reason, and the results
 * of earlier commands stay at hand. Mounted on first use, as the row's
 * 'Ações' menu.
 */
function AdminActions({ display, onAction }: { display: Display; onAction: Props['onAction'] }) {
  const offline = !display.connected
  return (
    <LazyDropdownMenu
      align="end"
      className="w-56"
      trigger={
        <Button variant="outline" size="sm" className="h-8" aria-label={`Comandos para ${display.name}`}>
          <Terminal /> Comandos
        </Button>
      }
    >
      {({ DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator }) => (
        <>
          <DropdownMenuLabel className="text-xs text-muted-foreground">Comandos do TV box</DropdownMenuLabel>
          {offline && (
            <p role="note" className="mx-2 mb-1 rounded-sm bg-muted px-2 py-1.5 text-xs text-muted-foreground">
              {NOT_CONNECTED}
            </p>
          )}
          {displayCommands.map(({ operation, label }) => (
            <DropdownMenuItem key={operation} disabled={offline} onSelect={() => onAction({ kind: 'command', display, operation })}>
              {label}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => onAction({ kind: 'command-results', display })}>
            <History /> Ver resultados
          </DropdownMenuItem>
        </>
      )}
    </LazyDropdownMenu>
  )
}

/** The TVs of one store card. */
export function DisplayTable({ storeName, displays, serverDiff, now, showAdminActions, onAction }: Props) {
  const columns = React.useMemo<ColumnDef<Display>[]>(() => {
    const list: ColumnDef<Display>[] = [
      {
        id: 'name',
        accessorKey: 'name',
        meta: { label: 'Televisor', truncate: true },
        header: ({ column }) => <DataTableColumnHeader column={column} title="Televisor" />,
        sortingFn: (a, b) => compareNames(a.original.name, b.original.name),
        filterFn: 'includesString',
        cell: ({ row }) => (
          <div className="grid">
            <span className="truncate font-medium">{row.original.name}</span>
            <span className="truncate font-mono text-xs text-muted-foreground">{row.original.device}</span>
          </div>
        ),
      },
      {
        id: 'orientation',
        accessorFn: (display) => orientationLabel(display.contentOrientation),
        meta: { label: 'Orientação' },
        header: ({ column }) => <DataTableColumnHeader column={column} title="Orientação" />,
        cell: ({ row }) => (
          <span>
            {orientationLabel(row.original.contentOrientation)}{' '}
            <span className="text-muted-foreground">({orientationAngle(row.original.contentOrientation)}°)</span>
          </span>
        ),
      },
      {
        id: 'status',
        accessorFn: (display) => statusLabels[displayStatus(display, serverDiff, now)],
        meta: { label: 'Status' },
        header: ({ column }) => <DataTableColumnHeader column={column} title="Status" />,
        cell: ({ row }) => (
          <span className="flex items-center gap-1.5">
            <StatusBadge status={displayStatus(row.original, serverDiff, now)} />
            <HealthBadge problems={row.original.problems} />
          </span>
        ),
      },
      {
        id: 'schedule',
        accessorFn: (display) => display.scheduleName,
        meta: { label: 'Programação', truncate: true },
        header: ({ column }) => <DataTableColumnHeader column={column} title="Programação" />,
        sortingFn: (a, b) => compareNames(a.original.scheduleName, b.original.scheduleName),
        cell: ({ row }) =>
          row.original.schedule ? (
            <Link to={`/schedule/${encodeURIComponent(row.original.schedule)}`} className="underline-offset-4 hover:underline">
              {row.original.scheduleName || row.original.schedule}
            </Link>
          ) : (
            <span className="text-muted-foreground">Sem programação</span>
          ),
      },
      {
        id: 'actions',
        header: 'Ações',
        enableHiding: false,
        enableSorting: false,
        cell: ({ row }) => <RowActions display={row.original} onAction={onAction} />,
      },
    ]
    if (showAdminActions) {
      list.push({
        id: 'adminActions',
        header: 'Ações Admin',
        enableHiding: false,
        enableSorting: false,
        cell: ({ row }) => <AdminActions display={row.original} onAction={onAction} />,
      })
    }
    return list
  }, [serverDiff, now, showAdminActions, onAction])

  return (
    // On a narrow screen the table scrolls sideways: the TV's name stays in
    // view beside its status and commands.
    <div className={stickyNameColumn}>
      <DataTable
        label={`Televisores de ${storeName}`}
        columns={columns}
        data={displays}
        emptyText="Nenhum televisor cadastrado."
        filters={filters}
        enableRowSelection={false}
        paginateAbove={10}
        // The list refreshes every 30 s; the operator stays on the page they were reading.
        keepPageOnDataChange
        getRowId={(display) => display.id}
      />
    </div>
  )
}
