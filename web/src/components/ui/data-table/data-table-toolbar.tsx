import type { Table } from '@tanstack/react-table'
import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { DataTableFacetedFilter } from './data-table-faceted-filter'
import { DataTableViewOptions } from './data-table-view-options'
import type { DataTableFilter } from './types'

type Props<TData> = {
  table: Table<TData>
  filters?: DataTableFilter[]
  /** Extra controls shown at the right, before 'Visualizar'. */
  actions?: React.ReactNode
}

export function DataTableToolbar<TData>({ table, filters = [], actions }: Props<TData>) {
  const filtered = table.getState().columnFilters.length > 0
  return (
    <div className="flex flex-wrap items-center gap-2">
      {filters.map((filter) => {
        const column = table.getColumn(filter.columnId)
        if (!column) return null
        if (filter.type === 'text') {
          return (
            <Input
              key={filter.columnId}
              placeholder={filter.placeholder}
              aria-label={filter.placeholder}
              value={(column.getFilterValue() as string | undefined) ?? ''}
              onChange={(event) => column.setFilterValue(event.target.value || undefined)}
              className="h-8 w-full sm:w-56"
            />
          )
        }
        return <DataTableFacetedFilter key={filter.columnId} column={column} title={filter.title} options={filter.options} />
      })}
      {filters.length > 0 && (
        <Button variant="ghost" size="sm" className="h-8 px-2" onClick={() => table.resetColumnFilters()} disabled={!filtered}>
          Limpar <X />
        </Button>
      )}
      <div className="ml-auto flex items-center gap-2">
        {actions}
        <DataTableViewOptions table={table} />
      </div>
    </div>
  )
}
