import { Badge } from '@/components/ui/badge'
import { entryBadge, EVERY_DAY, isAdSlot, type BadgeStatus } from '@/lib/playback'
import { cn } from '@/lib/utils'
import type { ListedEntry } from './entries'

const statusText: Record<BadgeStatus, string> = { upcoming: 'Agendada', current: 'Em exibição', expired: 'Expirada' }
const statusClass: Record<BadgeStatus, string> = {
  upcoming: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  current: 'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  expired: 'border-transparent bg-muted text-muted-foreground line-through',
}

/**
 * The date badge of spec 2 §2: upcoming, current or expired, and 'SEMPRE' for
 * no end. An entry with no weekday (saved before that was refused) never
 * plays, whatever its dates: it says so instead of looking current.
 */
export function EntryDateBadge({ entry, now, timeZone }: { entry: ListedEntry; now: number; timeZone: string }) {
  if (!isAdSlot(entry) && ((entry.dok ?? EVERY_DAY) & EVERY_DAY) === 0) {
    return (
      <Badge variant="outline" className="whitespace-nowrap border-transparent bg-muted text-muted-foreground" title="Não é exibida em nenhum dia da semana" data-status="never">
        Nenhum dia
      </Badge>
    )
  }
  const badge = entryBadge(entry, now, timeZone)
  return (
    <Badge variant="outline" className={cn('whitespace-nowrap', statusClass[badge.status])} title={statusText[badge.status]} data-status={badge.status}>
      {badge.label}
    </Badge>
  )
}
