import { ChevronRight, MonitorPlay, Store as StoreIcon, WifiOff } from 'lucide-react'
import { Link } from 'react-router'
import { Card } from '@/components/ui/card'
import { cn } from '@/lib/utils'

/**
 * One of the overview's totals (Lojas, Televisores, Offline); with `to`, the whole card is a link.
 * `value` is null while it is not known yet (the TV list still loading).
 */
export function OverviewCounter({
  label,
  value,
  icon,
  alert: alertTone,
  to,
}: {
  label: string
  value: number | null
  icon: React.ReactNode
  alert?: boolean
  to?: string
}) {
  const alert = alertTone && value !== null && value > 0
  const card = (
    <Card
      className={cn('flex-row items-center gap-4 px-5 py-4', to && 'transition-colors group-hover:bg-accent')}
      role="group"
      aria-label={value === null ? `${label}: carregando` : `${label}: ${value}`}
      aria-busy={value === null || undefined}
    >
      <span
        className={cn(
          'flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-5',
          alert && 'bg-destructive/10 text-destructive',
        )}
        aria-hidden="true"
      >
        {icon}
      </span>
      <div className="grid">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className={cn('text-2xl font-bold tabular-nums', alert && 'text-destructive')}>{value ?? '…'}</span>
      </div>
      {to && <ChevronRight className="ml-auto size-4 text-muted-foreground" aria-hidden="true" />}
    </Card>
  )
  if (!to) return card
  return (
    <Link to={to} className="group rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
      {card}
      <span className="sr-only"> (ver alertas)</span>
    </Link>
  )
}

export function OverviewCounters({ stores, displays, offline }: { stores: number; displays: number | null; offline: number | null }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <OverviewCounter label="Lojas" value={stores} icon={<StoreIcon />} />
      <OverviewCounter label="Televisores" value={displays} icon={<MonitorPlay />} />
      <OverviewCounter label="Offline" value={offline} icon={<WifiOff />} alert to="/alerts" />
    </div>
  )
}
