import { ChevronsUpDown } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { cn } from '@/lib/utils'

type Props<T extends string> = {
  id?: string
  options: readonly { value: T; label: string }[]
  value: readonly T[]
  onChange: (value: T[]) => void
  placeholder?: string
  /** Badges shown in the trigger; the rest are counted ('+N'). Spec 2 §9: at most 3. */
  maxBadges?: number
  disabled?: boolean
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}

/** Several choices from a list: a trigger with badges and a popover of checkboxes. */
export function MultiSelect<T extends string>({ id, options, value, onChange, placeholder = 'Selecione', maxBadges = 3, disabled, ...aria }: Props<T>) {
  const chosen = options.filter((o) => value.includes(o.value))
  const shown = chosen.slice(0, maxBadges)
  const toggle = (v: T, on: boolean) => onChange(on ? options.map((o) => o.value).filter((o) => o === v || value.includes(o)) : value.filter((x) => x !== v))
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button id={id} type="button" disabled={disabled} variant="outline" className={cn('h-auto min-h-9 w-full justify-between', aria['aria-invalid'] && 'border-destructive')} {...aria}>
          <span className="flex flex-wrap gap-1">
            {chosen.length === 0 && <span className="text-muted-foreground">{placeholder}</span>}
            {shown.map((o) => (
              <Badge key={o.value} variant="secondary">
                {o.label}
              </Badge>
            ))}
            {chosen.length > shown.length && <Badge variant="outline">+{chosen.length - shown.length}</Badge>}
          </span>
          <ChevronsUpDown className="opacity-50" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-56 p-1">
        <ul role="listbox" aria-multiselectable="true" className="grid">
          {options.map((o) => {
            const on = value.includes(o.value)
            const optionId = `${id ?? 'multi'}-${o.value}`
            return (
              <li key={o.value} role="option" aria-selected={on}>
                <label htmlFor={optionId} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent">
                  <Checkbox id={optionId} checked={on} onCheckedChange={(next) => toggle(o.value, !!next)} />
                  {o.label}
                </label>
              </li>
            )
          })}
        </ul>
      </PopoverContent>
    </Popover>
  )
}
