import { CalendarClock } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { FOREVER_MS } from '@/lib/playback'
import { dayKeyAt, dayText } from '../calendar'

export type AdPeriodStatus = 'upcoming' | 'current' | 'expired'

/** Before its first day, within its period, or after its last day. */
export function adPeriodStatus(startAt: number, endsAt: number, now: number): AdPeriodStatus {
  if (now < startAt) return 'upcoming'
  return now > endsAt ? 'expired' : 'current'
}

/** 'dd/MM/yyyy - dd/MM/yyyy' on the screens' calendar; 'start - SEMPRE' for a period of 1000 days or more. */
export function adPeriodText(startAt: number, endsAt: number, timeZone: string) {
  const start = dayText(dayKeyAt(startAt, timeZone))
  return endsAt - startAt >= FOREVER_MS ? `${start} - SEMPRE` : `${start} - ${dayText(dayKeyAt(endsAt, timeZone))}`
}

const statusText: Record<AdPeriodStatus, string> = { upcoming: 'Agendado', current: 'Em veiculação', expired: 'Encerrado' }
const variant = { upcoming: 'outline', current: 'default', expired: 'destructive' } as const

/** The date badge of an advertisement (spec 2 §2): before start with an icon, within default, after end destructive. */
export function AdPeriodBadge({ startAt, endsAt, now, timeZone }: { startAt: number; endsAt: number; now: number; timeZone: string }) {
  const status = adPeriodStatus(startAt, endsAt, now)
  return (
    <Badge variant={variant[status]} title={statusText[status]} data-status={status}>
      {status === 'upcoming' && <CalendarClock aria-hidden="true" />}
      {adPeriodText(startAt, endsAt, timeZone)}
    </Badge>
  )
}
