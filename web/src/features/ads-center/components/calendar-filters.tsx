import * as React from 'react'
import { CalendarDays, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { LazyPopover } from '@/components/ui/lazy-popover'
import { chunk, lazyComponent } from '@/lib/lazy'
import { cn } from '@/lib/utils'
import { dayText, pickerDate, pickerKey, type CalendarFilter } from '../calendar'

type Props = {
  value: CalendarFilter
  onChange: (value: CalendarFilter) => void
  /** First and last day of the calendar: the period is picked within them. */
  first: string
  last: string
}

/** The month calendar of the period (react-day-picker): fetched with the popover, on first use. */
const loadCalendar = chunk(() => import('@/components/ui/calendar'))
const Calendar = lazyComponent(loadCalendar, (module) => module.Calendar)

/** Above the grid: the screen's name, and a period in which the screen must be free every day. */
export function CalendarFilters({ value, onChange, first, last }: Props) {
  const [open, setOpen] = React.useState(false)
  const period = value.from ? (value.to && value.to !== value.from ? `${dayText(value.from)} - ${dayText(value.to)}` : dayText(value.from)) : ''
  const filtering = !!value.name || !!value.from
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Input
        placeholder="Filtrar telas pelo nome"
        aria-label="Filtrar telas pelo nome"
        value={value.name}
        onChange={(event) => onChange({ ...value, name: event.target.value })}
        className="h-8 w-full sm:w-64"
      />
      <LazyPopover
        open={open}
        onOpenChange={setOpen}
        load={loadCalendar}
        align="start"
        className="w-auto p-0"
        trigger={
          <Button variant="outline" size="sm" className={cn('h-8 min-w-64 justify-start font-normal', !period && 'text-muted-foreground')}>
            <CalendarDays /> {period || 'Disponível no período'}
          </Button>
        }
      >
        <React.Suspense fallback={null}>
          <Calendar
            mode="range"
            numberOfMonths={2}
            showOutsideDays={false}
            resetOnSelect
            startMonth={pickerDate(first)}
            endMonth={pickerDate(last)}
            defaultMonth={pickerDate(value.from ?? first)}
            disabled={[{ before: pickerDate(first) }, { after: pickerDate(last) }]}
            selected={value.from ? { from: pickerDate(value.from), to: value.to ? pickerDate(value.to) : undefined } : undefined}
            onSelect={(range) => {
              onChange({ ...value, from: range?.from ? pickerKey(range.from) : undefined, to: range?.to ? pickerKey(range.to) : undefined })
              if (range?.to) setOpen(false)
            }}
          />
        </React.Suspense>
      </LazyPopover>
      <Button variant="ghost" size="sm" className="h-8 px-2" disabled={!filtering} onClick={() => onChange({ name: '' })}>
        Limpar <X />
      </Button>
    </div>
  )
}
