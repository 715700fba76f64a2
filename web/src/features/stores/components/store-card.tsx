import { Clock, MapPin, MonitorPlay, Pencil, Plus, Trash2, WifiOff } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'
import { useSession } from '@/lib/session'
import { zoneLabel } from '@/lib/time-zones'
import type { Store } from '../api/types'

/** What a store card asks the page for: a dialog on the store. */
export type StoreCardAction =
  | { kind: 'store-edit'; store: Store }
  | { kind: 'store-delete'; store: Store }
  | { kind: 'display-new'; store: Store }

type Props = {
  store: Store
  /** The store's TVs, and how many of them are Offline (null until the TV list has arrived). */
  displayCount: number
  offlineCount: number | null
  onAction: (action: StoreCardAction) => void
  /** The store's TV table. */
  children: React.ReactNode
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

/** A count of the card; null while it is not known yet (the TV list still loading). */
function Counter({ label, value, icon, tone }: { label: string; value: number | null; icon: React.ReactNode; tone?: 'alert' }) {
  const alert = tone === 'alert' && value !== null && value > 0
  return (
    <div
      className="flex items-center gap-2 rounded-md border px-3 py-1.5"
      aria-label={value === null ? `${label}: carregando` : `${label}: ${value}`}
      aria-busy={value === null || undefined}
      role="group"
    >
      <span className={alert ? 'text-destructive' : 'text-muted-foreground'} aria-hidden="true">
        {icon}
      </span>
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className={`text-sm font-semibold tabular-nums ${alert ? 'text-destructive' : ''}`}>{value ?? '…'}</span>
    </div>
  )
}

/** One store: its name and place, its TV counters and its TV table. */
export function StoreCard({ store, displayCount, offlineCount, onAction, children }: Props) {
  const headingId = `store-${store.slug}-title`
  const place = [store.region, [store.city, store.state].filter(Boolean).join(' - ')].filter(Boolean).join(' · ')
  // The store's clock is worth a word when it is not the group's.
  const { franchise, abilities } = useSession()
  const groupZone = franchise?.timeZone || 'America/Sao_Paulo'
  const ownZone = store.timeZone && store.timeZone !== groupZone ? store.timeZone : null
  return (
    <Card role="region" aria-labelledby={headingId} className="gap-4">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        {/* A long store name is cut (whole on hover); the buttons stay beside it. */}
        <div className="grid min-w-0 max-w-full grid-cols-[minmax(0,1fr)] gap-1">
          <div className="flex min-w-0 items-center gap-1 [&>button]:shrink-0">
            <h2 id={headingId} className="min-w-0 truncate text-lg font-semibold leading-tight" title={store.name}>
              {store.name}
            </h2>
            <IconButton label={`Editar loja ${store.name}`} onClick={() => onAction({ kind: 'store-edit', store })}>
              <Pencil />
            </IconButton>
            {abilities.manageStores && (
              <IconButton label={`Excluir loja ${store.name}`} onClick={() => onAction({ kind: 'store-delete', store })}>
                <Trash2 />
              </IconButton>
            )}
          </div>
          {place && (
            <p className="flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="size-3.5" aria-hidden="true" />
              {place}
            </p>
          )}
          {ownZone && (
            <p className="flex items-center gap-1 text-sm text-muted-foreground">
              <Clock className="size-3.5" aria-hidden="true" />
              Fuso horário: {zoneLabel(ownZone)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Counter label="Televisores" value={displayCount} icon={<MonitorPlay className="size-4" />} />
          <Counter label="Offline" value={offlineCount} icon={<WifiOff className="size-4" />} tone="alert" />
          {abilities.manageTVs && (
            <Button size="sm" onClick={() => onAction({ kind: 'display-new', store })}>
              <Plus /> Adicionar Televisor
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}
