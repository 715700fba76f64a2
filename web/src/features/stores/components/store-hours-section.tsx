// 'Horário de funcionamento' in the store dialog: the weekly ranges, the
// dates that differ (holidays), and what the TVs do while the store is
// closed. Controlled by the dialog, which saves it with the store.
import { CalendarPlus, Plus, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { DAY_NAMES, MAX_EXCEPTIONS, MAX_RANGES_PER_DAY, type HoursRange } from '@/lib/hours'
import { DEFAULT_RANGE, type HoursDraft, type HoursExceptionDraft } from '../hours-draft'

type Props = {
  value: HoursDraft
  onChange: (draft: HoursDraft) => void
  /** The first mistake of the draft, shown once a save was tried. */
  error: string | null
  /** The stored hours are still loading: nothing to edit yet. */
  loading?: boolean
  /**
   * The stored hours could not be read: nothing to edit (a draft would
   * overwrite hours the operator never saw), and a way to ask again.
   */
  onRetry?: () => void
}

/** Monday first, as a week reads on a shop's door; the API keeps Sunday at 0. */
const DAY_ORDER = [1, 2, 3, 4, 5, 6, 0]

export function StoreHoursSection({ value, onChange, error, loading, onRetry }: Props) {
  const setWeekDay = (day: number, ranges: HoursRange[]) => onChange({ ...value, week: value.week.map((r, i) => (i === day ? ranges : r)) })
  const setException = (index: number, e: HoursExceptionDraft) =>
    onChange({ ...value, exceptions: value.exceptions.map((x, i) => (i === index ? e : x)) })

  return (
    <fieldset className="grid gap-4" aria-describedby="store-hours-help">
      <legend className="mb-1 text-sm font-semibold">Horário de funcionamento</legend>
      <p id="store-hours-help" className="text-sm text-muted-foreground">
        Fora do horário a loja está fechada. Sem horário definido, a loja fica aberta o dia todo.
      </p>
      {loading ? (
        <p className="text-sm text-muted-foreground" role="status">
          Carregando o horário…
        </p>
      ) : onRetry ? (
        <div role="alert" className="grid justify-items-start gap-2 rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          <p>Não foi possível carregar o horário de funcionamento. Ao salvar, o horário da loja fica como está.</p>
          <Button type="button" variant="outline" size="sm" onClick={onRetry}>
            Tentar novamente
          </Button>
        </div>
      ) : (
        <>
          <div className="flex items-center gap-2">
            <Checkbox id="store-hours-enabled" checked={value.enabled} onCheckedChange={(checked) => onChange({ ...value, enabled: checked === true })} />
            <Label htmlFor="store-hours-enabled">Definir horário de funcionamento</Label>
          </div>

          {error && (
            <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {error}
            </p>
          )}

          {value.enabled && (
            <>
              <div className="grid gap-2" role="group" aria-label="Horário semanal">
                {DAY_ORDER.map((day) => (
                  <DayRow key={day} label={DAY_NAMES[day]} idPrefix={`store-hours-day-${day}`} ranges={value.week[day]} onChange={(ranges) => setWeekDay(day, ranges)} />
                ))}
              </div>

              <div className="grid gap-2">
                <h3 className="text-sm font-medium">Datas especiais (feriados)</h3>
                {value.exceptions.length === 0 ? (
                  <p className="text-sm text-muted-foreground">Nenhuma data especial.</p>
                ) : (
                  <div className="grid gap-2" role="group" aria-label="Datas especiais">
                    {value.exceptions.map((e, index) => (
                      <ExceptionRow
                        key={index}
                        index={index}
                        value={e}
                        onChange={(next) => setException(index, next)}
                        onRemove={() => onChange({ ...value, exceptions: value.exceptions.filter((_, i) => i !== index) })}
                      />
                    ))}
                  </div>
                )}
                <div>
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    disabled={value.exceptions.length >= MAX_EXCEPTIONS}
                    onClick={() => onChange({ ...value, exceptions: [...value.exceptions, { date: '', closed: true, ranges: [] }] })}
                  >
                    <CalendarPlus />
                    Adicionar data especial
                  </Button>
                </div>
              </div>

              <div className="grid gap-2">
                <h3 id="store-hours-when-closed" className="text-sm font-medium">
                  Com a loja fechada, as TVs
                </h3>
                <RadioGroup
                  aria-labelledby="store-hours-when-closed"
                  value={value.whenClosed}
                  onValueChange={(whenClosed) => onChange({ ...value, whenClosed: whenClosed === 'rest' ? 'rest' : 'play' })}
                  className="gap-2"
                >
                  <div className="flex items-start gap-2">
                    <RadioGroupItem value="play" id="store-hours-play" className="mt-0.5" />
                    <Label htmlFor="store-hours-play" className="grid gap-0.5 font-normal">
                      <span className="font-medium">Continuar exibindo</span>
                      <span className="text-muted-foreground">A programação segue normalmente.</span>
                    </Label>
                  </div>
                  <div className="flex items-start gap-2">
                    <RadioGroupItem value="rest" id="store-hours-rest" className="mt-0.5" />
                    <Label htmlFor="store-hours-rest" className="grid gap-0.5 font-normal">
                      <span className="font-medium">Descansar</span>
                      <span className="text-muted-foreground">Tela preta, nada é exibido; a programação volta na abertura.</span>
                    </Label>
                  </div>
                </RadioGroup>
              </div>
            </>
          )}
        </>
      )}
    </fieldset>
  )
}

/** One weekday: 'Fechado', or its ranges with add and remove. */
function DayRow({ label, idPrefix, ranges, onChange }: { label: string; idPrefix: string; ranges: HoursRange[]; onChange: (ranges: HoursRange[]) => void }) {
  const closed = ranges.length === 0
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border px-3 py-2" role="group" aria-label={label}>
      <span className="w-28 text-sm font-medium" aria-hidden="true">
        {label}
      </span>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${idPrefix}-closed`}
          checked={closed}
          onCheckedChange={(checked) => onChange(checked === true ? [] : [{ ...DEFAULT_RANGE }])}
          aria-label={`${label}: fechado`}
        />
        <Label htmlFor={`${idPrefix}-closed`} className="font-normal">
          Fechado
        </Label>
      </div>
      {!closed && <Ranges label={label} idPrefix={idPrefix} ranges={ranges} onChange={onChange} allowEmpty={false} />}
    </div>
  )
}

/** A day's ranges: start and end times, remove, and add. */
function Ranges({
  label,
  idPrefix,
  ranges,
  onChange,
  allowEmpty,
}: {
  label: string
  idPrefix: string
  ranges: HoursRange[]
  onChange: (ranges: HoursRange[]) => void
  /** Whether the last range may go (a weekday with none is 'Fechado' instead). */
  allowEmpty: boolean
}) {
  const set = (index: number, range: HoursRange) => onChange(ranges.map((r, i) => (i === index ? range : r)))
  return (
    <div className="flex flex-1 flex-wrap items-center gap-2">
      {ranges.map((range, index) => {
        const name = `${label}, faixa ${index + 1}`
        return (
          <div key={index} className="flex items-center gap-1">
            <Input
              id={`${idPrefix}-${index}-start`}
              type="time"
              className="h-8 w-[6.5rem]"
              aria-label={`${name}: abre às`}
              value={range.start}
              onChange={(event) => set(index, { ...range, start: event.target.value })}
            />
            <span aria-hidden="true">–</span>
            <Input
              id={`${idPrefix}-${index}-end`}
              type="time"
              className="h-8 w-[6.5rem]"
              aria-label={`${name}: fecha às`}
              value={range.end}
              onChange={(event) => set(index, { ...range, end: event.target.value })}
            />
            {(allowEmpty || ranges.length > 1) && (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Remover ${name} (${range.start}–${range.end})`}
                onClick={() => onChange(ranges.filter((_, i) => i !== index))}
              >
                <X />
              </Button>
            )}
          </div>
        )
      })}
      {ranges.length < MAX_RANGES_PER_DAY && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={`Adicionar faixa: ${label}`}
          onClick={() => onChange([...ranges, nextRange(ranges)])}
        >
          <Plus />
          Faixa
        </Button>
      )}
    </div>
  )
}

/** A new range after the day's last one: an hour after it ends, for two hours, within the day. */
function nextRange(ranges: HoursRange[]): HoursRange {
  const last = ranges[ranges.length - 1]
  if (!last) return { ...DEFAULT_RANGE }
  const [h] = last.end.split(':').map(Number)
  if (!Number.isFinite(h) || h + 3 > 23 || last.end < last.start) return { start: '', end: '' }
  const pad = (n: number) => String(n).padStart(2, '0')
  return { start: `${pad(h + 1)}:00`, end: `${pad(h + 3)}:00` }
}

/** One special date: the day, closed all day or its own ranges, remove. */
function ExceptionRow({
  index,
  value,
  onChange,
  onRemove,
}: {
  index: number
  value: HoursExceptionDraft
  onChange: (e: HoursExceptionDraft) => void
  onRemove: () => void
}) {
  const id = `store-hours-exception-${index}`
  const label = value.date ? `Data especial ${value.date.split('-').reverse().join('/')}` : `Data especial ${index + 1}`
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border px-3 py-2" role="group" aria-label={label}>
      <Input
        id={`${id}-date`}
        type="date"
        className="h-8 w-40"
        aria-label={`${label}: data`}
        value={value.date}
        onChange={(event) => onChange({ ...value, date: event.target.value })}
      />
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-closed`}
          checked={value.closed}
          onCheckedChange={(checked) => onChange({ ...value, closed: checked === true, ranges: value.ranges.length ? value.ranges : [{ ...DEFAULT_RANGE }] })}
          aria-label={`${label}: fechado o dia todo`}
        />
        <Label htmlFor={`${id}-closed`} className="font-normal">
          Fechado o dia todo
        </Label>
      </div>
      {!value.closed && <Ranges label={label} idPrefix={id} ranges={value.ranges} onChange={(ranges) => onChange({ ...value, ranges })} allowEmpty={false} />}
      <Button type="button" variant="ghost" size="icon" className="ml-auto size-8" aria-label={`Remover ${label}`} onClick={onRemove}>
        <X />
      </Button>
    </div>
  )
}
