import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import type { ScheduleRef } from '../api/types'

type Props = {
  id: string
  schedules: ScheduleRef[]
  value: string | undefined
  onChange: (scheduleId: string | undefined) => void
  /** When given, a first choice with this label stands for "no schedule" (undefined). */
  noneLabel?: string
}

const NONE = '__none__'

/** A select of the group's schedules, by name. */
export function ScheduleSelect({ id, schedules, value, onChange, noneLabel }: Props) {
  return (
    <Select value={value ?? (noneLabel ? NONE : '')} onValueChange={(next) => onChange(next === NONE ? undefined : next)}>
      <SelectTrigger id={id} className="w-full">
        <SelectValue placeholder="Selecione uma programação" />
      </SelectTrigger>
      <SelectContent>
        {noneLabel && <SelectItem value={NONE}>{noneLabel}</SelectItem>}
        {schedules.map((schedule) => (
          <SelectItem key={schedule.id} value={schedule.id}>
            {schedule.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
