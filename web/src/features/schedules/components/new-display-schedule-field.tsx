import { Label } from '@/components/ui/label'
import { useAbilities } from '@/lib/session'
import { linkable, useScheduleRefs } from '../api/get-schedule-refs'
import { ScheduleSelect } from './schedule-select'

type Props = {
  franchise: string | undefined
  id: string
  value: string | undefined
  onChange: (scheduleId: string | undefined) => void
}

/**
 * 'Programação (opcional)' of the new-TV dialog: the group's schedules, or
 * nothing while it has none. The list is read when the field shows (the
 * dialog is open).
 */
export function NewDisplayScheduleField({ franchise, id, value, onChange }: Props) {
  const schedules = useScheduleRefs(franchise)
  const list = linkable(schedules.data ?? [], useAbilities().availableSchedulesOnly)
  if (list.length === 0) return null
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Programação (opcional)</Label>
      <ScheduleSelect id={id} schedules={list} value={value} onChange={onChange} noneLabel="Sem programação" />
    </div>
  )
}
