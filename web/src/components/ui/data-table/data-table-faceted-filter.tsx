import type { Column } from '@tanstack/react-table'
import { CirclePlus } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { LazyPopover } from '@/components/ui/lazy-popover'
import { Separator } from '@/components/ui/separator'

type Props<TData, TValue> = {
  column: Column<TData, TValue>
  title: string
  options: { label: string; value: string }[]
}

/**
 * Pick any number of values for a column. Pair it with the `facetedFilter`
 * filter function on the column definition. The popover's code comes on
 * first use.
 */
export function DataTableFacetedFilter<TData, TValue>({ column, title, options }: Props<TData, TValue>) {
  const facets = column.getFacetedUniqueValues()
  const selected = new Set((column.getFilterValue() as string[] | undefined) ?? [])

  const toggle = (value: string) => {
    const next = new Set(selected)
    if (next.has(value)) next.delete(value)
    else next.add(value)
    column.setFilterValue(next.size ? Array.from(next) : undefined)
  }

  return (
    <LazyPopover
      className="w-56 p-1"
      align="start"
      trigger={
        <Button variant="outline" size="sm" className="h-8 border-dashed">
          <CirclePlus />
          {title}
          {selected.size > 0 && (
            <>
              <Separator orientation="vertical" className="mx-1 h-4" />
              <Badge variant="secondary" className="rounded-sm px-1 font-normal">
                {selected.size}
              </Badge>
            </>
          )}
        </Button>
      }
    >
      <ul role="group" aria-label={title} className="max-h-72 overflow-y-auto">
        {options.map((option) => {
          const id = `facet-${column.id}-${option.value}`
          return (
            <li key={option.value} className="flex items-center gap-2 rounded-sm px-2 py-1.5 text-sm hover:bg-accent">
              <Checkbox id={id} checked={selected.has(option.value)} onCheckedChange={() => toggle(option.value)} />
              <label htmlFor={id} className="flex-1 cursor-pointer">
                {option.label}
              </label>
              {facets.get(option.value) !== undefined && (
                <span className="font-mono text-xs text-muted-foreground">{facets.get(option.value)}</span>
              )}
            </li>
          )
        })}
      </ul>
      {selected.size > 0 && (
        <>
          <Separator className="my-1" />
          <Button variant="ghost" size="sm" className="w-full" onClick={() => column.setFilterValue(undefined)}>
            Limpar filtros
          </Button>
        </>
      )}
    </LazyPopover>
  )
}
