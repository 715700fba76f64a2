import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'
import { statusLabels, type DisplayStatus } from '../display-status'

/** Online (green) or Offline (red), as the status rule says. */
export function StatusBadge({ status }: { status: DisplayStatus }) {
  return (
    <Badge
      variant="outline"
      className={cn(
        'gap-1.5',
        status === 'online'
          ? 'border-emerald-600/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400'
          : 'border-destructive/30 bg-destructive/10 text-destructive',
      )}
    >
      <span className={cn('size-1.5 rounded-full', status === 'online' ? 'bg-emerald-500' : 'bg-destructive')} aria-hidden="true" />
      {statusLabels[status]}
    </Badge>
  )
}
