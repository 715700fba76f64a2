import * as React from 'react'
import { CalendarDays, Trash2, X } from 'lucide-react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Calendar } from '@/components/ui/calendar'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { cn } from '@/lib/utils'
import { sortWindows, WEEKDAY_LETTERS, WEEKDAY_NAMES, windowLabel } from './entries'
import { addWindow, calendarDate, calendarDay, dateText, timeGapOf, toggleWeekday, type MediaFormValues } from './media-form'

/** The fields every entry's rules have, in every form that edits them (media, local space). */
export type EntryRulesValues = Pick<MediaFormValues, 'dateMode' | 'date' | 'dok' | 'timeGap' | 'mediaInitGap' | 'mediaEndGap' | 'limitByHour'>

export type EntryRulesFieldsProps<T extends EntryRulesValues, TOut> = {
  form: UseFormReturn<T, unknown, TOut>
  /** The controls' ids begin with it: `${idPrefix}-no-end`, `${idPrefix}-date`, `${idPrefix}-limit`… */
  idPrefix: string
  /** A page's room: the period's calendar shows two months side by side; a dialog's shows one. */
  wide?: boolean
  /** What is wrong with the dates, shown under them (an advertisement's period they fall outside). */
  dateProblem?: string | null
  /** Says under the weekdays what a lit and an unlit day mean. */
  weekdayKey?: boolean
}

/**
 * The rules every entry has: dates ('Sem data para acabar' or a period),
 * weekdays, time windows and the hourly limit. The form around them gives
 * the frame (fieldset, legend) and whatever else it edits.
 */
export function EntryRulesFields<T extends EntryRulesValues, TOut>({ form, idPrefix, wide, dateProblem, weekdayKey }: EntryRulesFieldsProps<T, TOut>) {
  // Every T has these fields with these types: the form is handled through them alone.
  const { register, setValue, getValues, control, formState } = form as unknown as UseFormReturn<EntryRulesValues>
  const errors = formState.errors
  const values = useWatch({ control }) as EntryRulesValues
  const [calendarOpen, setCalendarOpen] = React.useState(false)
  const [rangeError, setRangeError] = React.useState('')

  const { from, to } = values.date ?? { from: '', to: '' }
  const single = values.dateMode === 'single'
  const shownDate = dateText({ dateMode: values.dateMode, date: { from, to } })
  const setDate = (next: EntryRulesValues['date']) => setValue('date', next, { shouldDirty: true })
  const setTimeGap = (next: string[]) => setValue('timeGap', next, { shouldValidate: formState.isSubmitted })

  // A range goes in the order of the day; one that starts where it ends, or overlaps another, is refused here as the server would.
  const addRange = () => {
    const { mediaInitGap, mediaEndGap, timeGap } = getValues()
    const added = addWindow(timeGap, timeGapOf(mediaInitGap, mediaEndGap))
    if ('error' in added) {
      setRangeError(added.error)
      return
    }
    setRangeError('')
    setTimeGap(added.timeGap)
    setValue('mediaInitGap', '')
    setValue('mediaEndGap', '')
  }

  const ids = { noEnd: `${idPrefix}-no-end`, date: `${idPrefix}-date`, weekdays: `${idPrefix}-weekdays-label`, limit: `${idPrefix}-limit` }

  return (
    <>
      <div className="flex items-center gap-2">
        <Checkbox
          id={ids.noEnd}
          checked={single}
          onCheckedChange={(on) => {
            setValue('dateMode', on ? 'single' : 'range')
            setValue('date', { from: getValues('date').from, to: '' })
          }}
        />
        <Label htmlFor={ids.noEnd}>Sem data para acabar</Label>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={ids.date}>{single ? 'Data de início' : 'Período de exibição'}</Label>
        <div className="flex items-center gap-2">
          <Popover open={calendarOpen} onOpenChange={setCalendarOpen}>
            <PopoverTrigger asChild>
              <Button
                id={ids.date}
                type="button"
                variant="outline"
                className={cn(wide ? 'min-w-72' : 'min-w-60', 'justify-start font-normal', !shownDate && 'text-muted-foreground')}
              >
                <CalendarDays /> {shownDate || 'Selecione uma data'}
              </Button>
            </PopoverTrigger>
            <PopoverContent align="start" className="w-auto p-0">
              {single ? (
                <Calendar
                  mode="single"
                  numberOfMonths={1}
                  defaultMonth={calendarDate(from)}
                  selected={calendarDate(from)}
                  onSelect={(day) => {
                    setDate({ from: calendarDay(day), to: '' })
                    if (day) setCalendarOpen(false)
                  }}
                />
              ) : (
                <Calendar
                  mode="range"
                  numberOfMonths={wide ? 2 : 1}
                  // Side by side, a month's outside days would repeat the other's.
                  showOutsideDays={!wide}
                  resetOnSelect
                  defaultMonth={calendarDate(from)}
                  selected={from ? { from: calendarDate(from), to: calendarDate(to) } : undefined}
                  onSelect={(range) => {
                    setDate({ from: calendarDay(range?.from), to: calendarDay(range?.to) })
                    if (range?.to) setCalendarOpen(false)
                  }}
                />
              )}
            </PopoverContent>
          </Popover>
          <Button type="button" variant="ghost" size="icon" aria-label="Limpar data" disabled={!from} onClick={() => setDate({ from: '', to: '' })}>
            <X />
          </Button>
        </div>
        {dateProblem && (
          <p role="alert" className="text-sm text-destructive">
            {dateProblem}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <span id={ids.weekdays} className="text-sm font-medium">
          Dias da semana
        </span>
        <div className="flex gap-1" role="group" aria-labelledby={ids.weekdays}>
          {WEEKDAY_LETTERS.map((letter, bit) => {
            const on = ((values.dok ?? 0) & (1 << bit)) !== 0
            return (
              <button
                key={bit}
                type="button"
                aria-pressed={on}
                aria-label={WEEKDAY_NAMES[bit]}
                title={WEEKDAY_NAMES[bit]}
                className={cn('grid size-9 place-items-center rounded-md border text-sm font-semibold', on ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground')}
                onClick={() => setValue('dok', toggleWeekday(getValues('dok'), bit), { shouldValidate: formState.isSubmitted })}
              >
                {letter}
              </button>
            )
          })}
        </div>
        {weekdayKey && (
          <div className="flex gap-4 text-xs text-muted-foreground">
            <span className="flex items-center gap-1">
              <span className="size-3 rounded-sm bg-primary" /> Exibe no dia
            </span>
            <span className="flex items-center gap-1">
              <span className="size-3 rounded-sm border bg-muted" /> Não exibe no dia
            </span>
          </div>
        )}
        {errors.dok && (
          <p role="alert" className="text-sm text-destructive">
            {errors.dok.message}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <span className="text-sm font-medium">Faixas de horário</span>
        <div className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1 text-sm">
            Início
            <Input type="time" aria-label="Horário inicial" className="w-32" {...register('mediaInitGap', { onChange: () => setRangeError('') })} />
          </label>
          <label className="grid gap-1 text-sm">
            Fim
            <Input type="time" aria-label="Horário final" className="w-32" {...register('mediaEndGap', { onChange: () => setRangeError('') })} />
          </label>
          <Button type="button" variant="secondary" disabled={!values.mediaInitGap || !values.mediaEndGap} onClick={addRange}>
            Adicionar Faixa de Horário
          </Button>
        </div>
        {rangeError && (
          <p role="alert" className="text-sm text-destructive">
            {rangeError}
          </p>
        )}
        {(values.timeGap ?? []).length > 0 && (
          <ul aria-label="Faixas de horário" className="grid gap-1">
            {sortWindows(values.timeGap ?? []).map((gap, i) => (
              <li key={`${gap}-${i}`} className="flex items-center gap-2 text-sm">
                <span className="tabular-nums">{windowLabel(gap)}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-7 text-destructive"
                  aria-label={`Excluir faixa ${gap.replace('@', ' às ')}`}
                  onClick={() => {
                    const rest = [...getValues('timeGap')]
                    rest.splice(rest.indexOf(gap), 1)
                    setTimeGap(rest)
                  }}
                >
                  <Trash2 />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {errors.timeGap && (
          <p role="alert" className="text-sm text-destructive">
            {errors.timeGap.message}
          </p>
        )}
      </div>

      <FormField id={ids.limit} label="Limitar inserções (por hora):" error={errors.limitByHour?.message} className="max-w-xs">
        <Input inputMode="numeric" placeholder="5" autoComplete="off" {...register('limitByHour')} />
      </FormField>
    </>
  )
}
