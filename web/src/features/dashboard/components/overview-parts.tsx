import { CalendarPlus, Images, ListPlus, MonitorPlay, Store as StoreIcon, WifiOff } from 'lucide-react'
import { Link } from 'react-router'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
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

const guidedActions = [
  { to: '/action/create-schedule', label: 'Criar programação', hint: 'Monte uma programação passo a passo', icon: CalendarPlus },
  { to: '/action/add-media-to-schedule', label: 'Adicionar mídia à programação', hint: 'Inclua mídias numa programação existente', icon: ListPlus },
  { to: '/medias', label: 'Minhas mídias', hint: 'Envie e organize imagens e vídeos', icon: Images },
]

/** Shortcuts to the guided actions. */
export function GuidedActions() {
  return (
    <nav aria-label="Ações Guiadas" className="grid gap-2">
      <h2 className="text-sm font-semibold text-muted-foreground">Ações Guiadas</h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {guidedActions.map(({ to, label, hint, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full items-center gap-3 rounded-lg border bg-card px-4 py-3 text-sm shadow-xs transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
              <span className="grid">
                <span className="font-medium">{label}</span>
                <span className="text-xs text-muted-foreground">{hint}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** Placeholder of the store cards while the stores and TVs load. */
export function StoresSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6" aria-busy="true" aria-label="Carregando lojas">
      {[0, 1].map((i) => (
        <Card key={i} className="gap-4 px-6">
          <div className="flex items-center justify-between gap-4">
            <div className="grid gap-2">
              <Skeleton className="h-6 w-48" />
              <Skeleton className="h-4 w-32" />
            </div>
            <div className="flex gap-2">
              <Skeleton className="h-8 w-32" />
              <Skeleton className="h-8 w-28" />
              <Skeleton className="h-8 w-40" />
            </div>
          </div>
          <Skeleton className="h-8 w-56" />
          <div className="grid gap-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        </Card>
      ))}
    </div>
  )
}
