import { FilterX } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { NO_FILTERS, type ActivityFilters as Filters, type AuditPerson } from '../api/types'
import { kindOptions } from '../labels'

const ANY = 'all'

type Store = { slug: string; name: string }

/** A period whose end comes before its start, which the server refuses. */
export function periodError(filters: Filters) {
  return filters.from && filters.to && filters.from > filters.to ? 'A data inicial deve ser anterior ou igual à data final.' : undefined
}

/** How the person filter names someone: by e-mail, or an API token of the group by its name, as the records do. */
export function personLabel(person: AuditPerson) {
  return person.token ? `Token: ${person.token}` : person.email || person.id
}

/** Pessoa, Tipo, Loja and Período of 'Atividade'; every change applies at once. */
export function ActivityFilters({
  value,
  onChange,
  people,
  stores,
}: {
  value: Filters
  onChange: (value: Filters) => void
  people: AuditPerson[]
  /** The stores to choose from; none hides the filter (the platform's records). */
  stores: Store[]
}) {
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch })
  const active = Object.values(value).some(Boolean)
  const error = periodError(value)
  // A person chosen stays in the list while another filter leaves them out of the records.
  const shown = value.person && !people.some((p) => p.id === value.person) ? [...people, { id: value.person, email: value.person }] : people
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="activity-person">Pessoa</Label>
          <Select value={value.person || ANY} onValueChange={(v) => set({ person: v === ANY ? '' : v })}>
            <SelectTrigger id="activity-person" className="w-64">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Todas as pessoas</SelectItem>
              {shown.map((p) => (
                <SelectItem key={p.id} value={p.id}>
                  {personLabel(p)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="activity-kind">Tipo</Label>
          <Select value={value.kind || ANY} onValueChange={(v) => set({ kind: v === ANY ? '' : v })}>
            <SelectTrigger id="activity-kind" className="w-56">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Todos os tipos</SelectItem>
              {kindOptions.map((k) => (
                <SelectItem key={k.value} value={k.value}>
                  {k.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {stores.length > 0 && (
          <div className="grid gap-1.5">
            <Label htmlFor="activity-store">Loja</Label>
            <Select value={value.store || ANY} onValueChange={(v) => set({ store: v === ANY ? '' : v })}>
              <SelectTrigger id="activity-store" className="w-56">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>Todas as lojas</SelectItem>
                {stores.map((s) => (
                  <SelectItem key={s.slug} value={s.slug}>
                    {s.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
        <fieldset className="flex flex-wrap items-end gap-3">
          <legend className="sr-only">Período</legend>
          <div className="grid gap-1.5">
            <Label htmlFor="activity-from">De</Label>
            <Input
              id="activity-from"
              type="date"
              className="w-40"
              value={value.from}
              max={value.to || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'activity-period-error' : undefined}
              onChange={(e) => set({ from: e.target.value })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="activity-to">Até</Label>
            <Input
              id="activity-to"
              type="date"
              className="w-40"
              value={value.to}
              min={value.from || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'activity-period-error' : undefined}
              onChange={(e) => set({ to: e.target.value })}
            />
          </div>
        </fieldset>
        {active && (
          <Button variant="outline" onClick={() => onChange(NO_FILTERS)}>
            <FilterX aria-hidden="true" /> Limpar filtros
          </Button>
        )}
      </div>
      {error && (
        <p id="activity-period-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
