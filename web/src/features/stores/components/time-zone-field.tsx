import * as React from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { cn } from '@/lib/utils'
import { BRAZIL_ZONES, allTimeZones, isBrazilZone } from '@/lib/time-zones'

/** The select's value for 'Outro fuso…': any zone typed or searched by its IANA name. */
const OTHER = 'outro'

type Props = {
  value: string
  onChange: (zone: string) => void
  error?: string
  /** Why the zone is what it is (suggested by the state, the group's). */
  hint: string
  /** Shown, not changed: the member's role does not change the store's zone. */
  disabled?: boolean
}

/**
 * 'Fuso horário': Brazil's zones by the names people know, and 'Outro fuso…'
 * for any other, typed with the browser's list of zones to search.
 */
export function TimeZoneField({ value, onChange, error, hint, disabled }: Props) {
  // 'Outro fuso' stays open while the operator types, even through a name
  // that happens to be one of Brazil's.
  const [other, setOther] = React.useState(() => !isBrazilZone(value))
  if (!other && !isBrazilZone(value) && value !== '') setOther(true)
  const zones = React.useMemo(() => (other ? allTimeZones() : []), [other])
  const hintId = 'store-time-zone-hint'
  const errorId = 'store-time-zone-error'
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ')
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor="store-time-zone" className={cn(error && !other && 'text-destructive')}>
          Fuso horário
        </Label>
        <Select
          disabled={disabled}
          value={other ? OTHER : value}
          onValueChange={(choice) => {
            if (choice === OTHER) {
              setOther(true)
              return
            }
            setOther(false)
            onChange(choice)
          }}
        >
          <SelectTrigger id="store-time-zone" className="w-full" aria-describedby={describedBy} aria-invalid={error && !other ? true : undefined}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {BRAZIL_ZONES.map((z) => (
              <SelectItem key={z.zone} value={z.zone}>
                {z.label}
              </SelectItem>
            ))}
            <SelectItem value={OTHER}>Outro fuso…</SelectItem>
          </SelectContent>
        </Select>
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
        {error && !other && (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      {other && (
        <div className="grid gap-2">
          <Label htmlFor="store-time-zone-other" className={cn(error && 'text-destructive')}>
            Outro fuso (nome IANA)
          </Label>
          <Input
            id="store-time-zone-other"
            list="store-time-zone-list"
            placeholder="Ex.: Europe/Lisbon"
            autoComplete="off"
            readOnly={disabled}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
          <datalist id="store-time-zone-list">
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          {error && (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
      )}
    </>
  )
}
