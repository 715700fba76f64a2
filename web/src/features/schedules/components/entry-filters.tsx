import { FilterX } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { isFiltering, NO_FILTER, PERIODS, WEEKDAY_FILTER, type EntryFilter, type Period } from '../entries'

/** Filters of the detail's entry table: period of the day and weekday (spec 2 §2, §9). Reordering waits for them to be cleared. */
export function EntryFilters({ value, onChange }: { value: EntryFilter; onChange: (value: EntryFilter) => void }) {
  const active = isFiltering(value)
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="entry-period">Período</Label>
        <Select value={value.period} onValueChange={(period) => onChange({ ...value, period: period as Period | 'all' })}>
          <SelectTrigger id="entry-period" className="w-56">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">Todos os períodos</SelectItem>
            {PERIODS.map((p) => (
              <SelectItem key={p.value} value={p.value}>
                {p.label} ({p.hint})
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="entry-weekday">Dia da semana</Label>
        <Select
          value={String(value.weekday)}
          onValueChange={(day) => onChange({ ...value, weekday: day === 'all' ? 'all' : Number(day) })}
        >
          <SelectTrigger id="entry-weekday" className="w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {WEEKDAY_FILTER.map((d) => (
              <SelectItem key={d.value} value={d.value}>
                {d.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {active && (
        <>
          <Button variant="outline" onClick={() => onChange(NO_FILTER)}>
            <FilterX /> Limpar
          </Button>
          <p className="text-sm text-muted-foreground">Limpe os filtros para reordenar as mídias.</p>
        </>
      )}
    </div>
  )
}
