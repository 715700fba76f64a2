import { MonitorPlay, Store as StoreIcon, WifiOff } from 'lucide-react'
import { Card } from '@/components/ui/card'
import { cn } from '@/lib/utils'

/** One of the overview's totals (Lojas, Televisores, Offline). */
export function OverviewCounter({ label, value, icon, alert }: { label: string; value: number; icon: React.ReactNode; alert?: boolean }) {
  return (
    <Card className="flex-row items-center gap-4 px-5 py-4" role="group" aria-label={`${label}: ${value}`}>
      <span
        className={cn(
          'flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-5',
          alert && value > 0 && 'bg-destructive/10 text-destructive',
        )}
        aria-hidden="true"
      >
        {icon}
      </span>
      <div className="grid">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className={cn('text-2xl font-bold tabular-nums', alert && value > 0 && 'text-destructive')}>{value}</span>
      </div>
    </Card>
  )
}

export function OverviewCounters({ stores, displays, offline }: { stores: number; displays: number; offline: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <OverviewCounter label="Lojas" value={stores} icon={<StoreIcon />} />
      <OverviewCounter label="Televisores" value={displays} icon={<MonitorPlay />} />
      <OverviewCounter label="Offline" value={offline} icon={<WifiOff />} alert />
    </div>
  )
}
