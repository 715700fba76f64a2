import * as React from 'react'
import {
  getCoreRowModel,
  getFacetedRowModel,
  getFacetedUniqueValues,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnDefTemplate,
  type ColumnFiltersState,
  type FilterFn,
  type Row,
  type RowSelectionState,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table'
import { Checkbox } from '@/components/ui/checkbox'
import { useFirstDraw } from '@/hooks/use-batches'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { DataTablePagination } from './data-table-pagination'
import { DataTableToolbar } from './data-table-toolbar'
import type { DataTableFilter } from './types'

export type DataTableProps<TData, TValue> = {
  columns: ColumnDef<TData, TValue>[]
  data: TData[]
  /** Accessible name of the table. */
  label: string
  isLoading?: boolean
  loadingText?: string
  emptyText?: string
  filters?: DataTableFilter[]
  toolbarActions?: React.ReactNode
  initialSorting?: SortingState
  pageSize?: number
  enableRowSelection?: boolean
  getRowId?: (row: TData, index: number) => string
  /** Show the pagination bar only when there are more rows than this (every row fits one page otherwise). */
  paginateAbove?: number
  /**
   * Keep the current page when `data` changes (for lists refreshed in the
   * background); a filter change still goes back to the first page.
   */
  keepPageOnDataChange?: boolean
  /**
   * Rows of the page drawn first, as soon as the data is there; the rest of
   * the page follows in a transition, drawn in slices that leave the main
   * thread free (a page of a hundred rows with their buttons). Every row when
   * unset.
   */
  firstDrawRows?: number
}

/**
 * A column's header or cell drawn by calling its function. TanStack's
 * flexRender uses the function as a component type instead: a page whose
 * columns are made anew (a clock of its statuses in their dependencies)
 * would then remount every cell at each tick, closing a row's open menu
 * and dropping the focus of whoever was in it. Column functions hold no
 * hooks; the components they return keep their state.
 */
function renderPart<P extends object>(part: ColumnDefTemplate<P> | undefined, props: P): React.ReactNode {
  return typeof part === 'function' ? (part(props) as React.ReactNode) : part
}

/** A sortable, filterable, paginated table; every list page builds on it. */
export function DataTable<TData, TValue>({
  columns,
  data,
  label,
  isLoading = false,
  loadingText = 'Carregando...',
  emptyText = 'Nenhum resultado.',
  filters,
  toolbarActions,
  initialSorting = [],
  pageSize = 10,
  enableRowSelection = true,
  getRowId,
  paginateAbove,
  keepPageOnDataChange = false,
  firstDrawRows,
}: DataTableProps<TData, TValue>) {
  const [sorting, setSorting] = React.useState<SortingState>(initialSorting)
  const [columnFilters, setColumnFilters] = React.useState<ColumnFiltersState>([])
  const [columnVisibility, setColumnVisibility] = React.useState<VisibilityState>({})
  const [rowSelection, setRowSelection] = React.useState<RowSelectionState>({})

  const table = useReactTable({
    data,
    columns,
    getRowId,
    state: { sorting, columnFilters, columnVisibility, rowSelection },
    initialState: { pagination: { pageIndex: 0, pageSize } },
    enableRowSelection,
    onSortingChange: setSorting,
    onColumnFiltersChange: (updater) => {
      setColumnFilters(updater)
      if (keepPageOnDataChange) table.setPageIndex(0)
    },
    onColumnVisibilityChange: setColumnVisibility,
    onRowSelectionChange: setRowSelection,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    getFacetedRowModel: getFacetedRowModel(),
    getFacetedUniqueValues: getFacetedUniqueValues(),
    autoResetPageIndex: !keepPageOnDataChange,
  })

  // Rows removed by a refresh may leave the current page empty: step back to the last one.
  const { pageIndex } = table.getState().pagination
  const lastPage = Math.max(table.getPageCount() - 1, 0)
  React.useEffect(() => {
    if (keepPageOnDataChange && pageIndex > lastPage) table.setPageIndex(lastPage)
  }, [keepPageOnDataChange, pageIndex, lastPage, table])

  const drawn = useFirstDraw(firstDrawRows ?? Number.POSITIVE_INFINITY, label, firstDrawRows !== undefined && !isLoading && data.length > 0)
  const pageRows = table.getRowModel().rows
  const rows = pageRows.length > drawn ? pageRows.slice(0, drawn) : pageRows

  const visibleColumns = table.getVisibleLeafColumns().length
  // Columns of long names share the width the others leave (see ColumnMeta.truncate).
  const truncated = table.getVisibleLeafColumns().filter((column) => column.columnDef.meta?.truncate).length
  const nameWidth = truncated > 0 ? `${Math.floor(100 / truncated)}%` : undefined

  return (
    <div className="flex flex-col gap-4">
      <DataTableToolbar table={table} filters={filters} actions={toolbarActions} />
      <div className="overflow-hidden rounded-md border">
        <Table aria-label={label} aria-busy={isLoading}>
          <TableHeader>
            {table.getHeaderGroups().map((headerGroup) => (
              <TableRow key={headerGroup.id}>
                {headerGroup.headers.map((header) => (
                  <TableHead
                    key={header.id}
                    colSpan={header.colSpan}
                    style={header.column.columnDef.meta?.truncate ? { width: nameWidth } : undefined}
                    aria-sort={
                      header.column.getIsSorted() === 'asc'
                        ? 'ascending'
                        : header.column.getIsSorted() === 'desc'
                          ? 'descending'
                          : undefined
                    }
                  >
                    {header.isPlaceholder ? null : renderPart(header.column.columnDef.header, header.getContext())}
                  </TableHead>
                ))}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {isLoading ? (
              <TableRow>
                <TableCell colSpan={visibleColumns} className="h-24 text-center text-muted-foreground">
                  {loadingText}
                </TableCell>
              </TableRow>
            ) : rows.length ? (
              rows.map((row) => (
                <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined}>
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta
                    const content = renderPart(cell.column.columnDef.cell, cell.getContext())
                    if (!meta?.truncate) return <TableCell key={cell.id}>{content}</TableCell>
                    const value = cell.getValue()
                    const title = meta.title ? meta.title(row.original) : typeof value === 'string' ? value : undefined
                    return (
                      // max-w-0: the cell takes its share of the table's width, never its text's.
                      <TableCell key={cell.id} className="min-w-24 max-w-0">
                        <div className="truncate" title={title}>
                          {content}
                        </div>
                      </TableCell>
                    )
                  })}
                </TableRow>
              ))
            ) : (
              <TableRow>
                <TableCell colSpan={visibleColumns} className="h-24 text-center text-muted-foreground">
                  {emptyText}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>
      {(paginateAbove === undefined || data.length > paginateAbove) && (
        <DataTablePagination table={table} showSelection={enableRowSelection} />
      )}
    </div>
  )
}

/** The leading checkbox column: select one row, or every row of the page. */
export function selectColumn<TData>(): ColumnDef<TData> {
  return {
    id: 'select',
    header: ({ table }) => (
      <Checkbox
        checked={table.getIsAllPageRowsSelected() || (table.getIsSomePageRowsSelected() && 'indeterminate')}
        onCheckedChange={(value) => table.toggleAllPageRowsSelected(!!value)}
        aria-label="Selecionar todos"
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        checked={row.getIsSelected()}
        onCheckedChange={(value) => row.toggleSelected(!!value)}
        aria-label="Selecionar linha"
      />
    ),
    enableSorting: false,
    enableHiding: false,
  }
}

/** Filter function for faceted filters: the cell value is one of the chosen values. */
export const facetedFilter: FilterFn<unknown> = (row: Row<unknown>, columnId: string, value: string[]) =>
  value.includes(String(row.getValue(columnId)))
