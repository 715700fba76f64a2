import type { Table } from '@tanstack/react-table'
import { Settings2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { LazyDropdownMenu } from '@/components/ui/lazy-dropdown-menu'

/** The 'Visualizar' menu: show or hide columns (mounted on first use). */
export function DataTableViewOptions<TData>({ table }: { table: Table<TData> }) {
  const columns = table.getAllColumns().filter((column) => column.accessorFn !== undefined && column.getCanHide())
  return (
    <LazyDropdownMenu
      align="end"
      className="w-48"
      trigger={
        <Button variant="outline" size="sm" className="ml-auto h-8">
          <Settings2 /> Visualizar
        </Button>
      }
    >
      {({ DropdownMenuCheckboxItem, DropdownMenuLabel, DropdownMenuSeparator }) => (
        <>
          <DropdownMenuLabel>Colunas visíveis</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {columns.map((column) => (
            <DropdownMenuCheckboxItem
              key={column.id}
              checked={column.getIsVisible()}
              onCheckedChange={(value) => column.toggleVisibility(!!value)}
              onSelect={(event) => event.preventDefault()}
            >
              {column.columnDef.meta?.label ?? column.id}
            </DropdownMenuCheckboxItem>
          ))}
        </>
      )}
    </LazyDropdownMenu>
  )
}
