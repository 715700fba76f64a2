import { MapPin, MonitorPlay, Pencil, Plus, Trash2, WifiOff } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'
import type { Display, Store } from '../api/types'
import { countOffline } from '../display-status'
import { useDashboardDialogs } from './dialogs-context'
import { DisplayTable } from './display-table'

type Props = {
  store: Store
  displays: Display[]
  serverDiff: number
  now: number
  showAdminActions: boolean
}

function IconButton({ label, onClick, children }: { label: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={label} onClick={onClick}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  )
}

function Counter({ label, value, icon, tone }: { label: string; value: number; icon: React.ReactNode; tone?: 'alert' }) {
  return (
    <div className="flex items-center gap-2 rounded-md border px-3 py-1.5" aria-label={`${label}: ${value}`} role="group">
      <span className={tone === 'alert' && value > 0 ? 'text-destructive' : 'text-muted-foreground'} aria-hidden="true">
        {icon}
      </span>
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className={`text-sm font-semibold tabular-nums ${tone === 'alert' && value > 0 ? 'text-destructive' : ''}`}>{value}</span>
    </div>
  )
}

/** One store: its name and place, its TV counters and its TV table. */
export function StoreCard({ store, displays, serverDiff, now, showAdminActions }: Props) {
  const { open } = useDashboardDialogs()
  const headingId = `store-${store.slug}-title`
  const place = [store.region, [store.city, store.state].filter(Boolean).join(' - ')].filter(Boolean).join(' · ')
  return (
    <Card role="region" aria-labelledby={headingId} className="gap-4">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <div className="flex items-center gap-1">
            <h2 id={headingId} className="truncate text-lg font-semibold leading-tight">
              {store.name}
            </h2>
            <IconButton label={`Editar loja ${store.name}`} onClick={() => open({ kind: 'store-edit', store })}>
              <Pencil />
            </IconButton>
            <IconButton label={`Excluir loja ${store.name}`} onClick={() => open({ kind: 'store-delete', store })}>
              <Trash2 />
            </IconButton>
          </div>
          {place && (
            <p className="flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="size-3.5" aria-hidden="true" />
              {place}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Counter label="Televisores" value={displays.length} icon={<MonitorPlay className="size-4" />} />
          <Counter label="Offline" value={countOffline(displays, serverDiff, now)} icon={<WifiOff className="size-4" />} tone="alert" />
          <Button size="sm" onClick={() => open({ kind: 'display-new', store })}>
            <Plus /> Adicionar Televisor
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <DisplayTable
          storeName={store.name}
          displays={displays}
          serverDiff={serverDiff}
          now={now}
          showAdminActions={showAdminActions}
        />
      </CardContent>
    </Card>
  )
}
