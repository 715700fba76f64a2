import type { Column } from '@tanstack/react-table'
import { ArrowDown, ArrowUp, ChevronsUpDown, EyeOff } from 'lucide-react'
import { cn } from '@/lib/utils'
import { Button } from '@/components/ui/button'
import { LazyDropdownMenu } from '@/components/ui/lazy-dropdown-menu'

type Props<TData, TValue> = {
  column: Column<TData, TValue>
  title: string
  className?: string
}

/** A column title that opens the sort menu when the column can be sorted (mounted on first use: every table has several). */
export function DataTableColumnHeader<TData, TValue>({ column, title, className }: Props<TData, TValue>) {
  if (!column.getCanSort()) return <div className={className}>{title}</div>
  const sorted = column.getIsSorted()
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <LazyDropdownMenu
        align="start"
        trigger={
          <Button variant="ghost" size="sm" className="-ml-3 h-8 data-[state=open]:bg-accent" title={`Ordenar por ${title}`}>
            <span>{title}</span>
            {sorted === 'desc' ? <ArrowDown /> : sorted === 'asc' ? <ArrowUp /> : <ChevronsUpDown />}
          </Button>
        }
      >
        {({ DropdownMenuItem, DropdownMenuSeparator }) => (
          <>
            <DropdownMenuItem onClick={() => column.toggleSorting(false)}>
              <ArrowUp /> Crescente
            </DropdownMenuItem>
            <DropdownMenuItem onClick={() => column.toggleSorting(true)}>
              <ArrowDown /> Decrescente
            </DropdownMenuItem>
            {column.getCanHide() && (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem onClick={() => column.toggleVisibility(false)}>
                  <EyeOff /> Ocultar
                </DropdownMenuItem>
              </>
            )}
          </>
        )}
      </LazyDropdownMenu>
    </div>
  )
}
