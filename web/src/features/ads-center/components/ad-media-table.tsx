import { ExternalLink, MoreHorizontal, Pencil, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { LazyMediaTable } from '@/components/media-entries/lazy'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { entryBadge, type BadgeStatus } from '@/lib/playback'
import type { AdMediaInput, AdMediaItem } from '../api/types'
import { toMediaInput } from '../api/update-ad'

const badgeVariant: Record<BadgeStatus, 'outline' | 'default' | 'destructive'> = { upcoming: 'outline', current: 'default', expired: 'destructive' }

type Props = {
  adId: string
  media: AdMediaItem[]
  now: number
  timeZone: string
  selected: ReadonlySet<number>
  onSelectedChange: (selected: Set<number>) => void
  onUnlink: (index: number) => void
  /** The whole list in its new order; `revert` puts the rows back when the save fails. */
  onMove: (media: AdMediaInput[], revert: () => void) => void
  busy: boolean
}

/** The advertisement's media in play order, reordered by dragging (pointer, or keyboard: space, arrows, space). */
export function AdMediaTable({ adId, media, now, timeZone, selected, onSelectedChange, onUnlink, onMove, busy }: Props) {
  return (
    <LazyMediaTable
      label="Mídias do anúncio"
      entries={media}
      now={now}
      timeZone={timeZone}
      selected={selected}
      onSelectedChange={onSelectedChange}
      busy={busy}
      emptyText="Nenhuma mídia em exibição."
      onMove={(moved, revert) => onMove(moved.map(toMediaInput), revert)}
      seconds={(item) => item.displayTime ?? 0}
      badge={(item) => <ItemBadge item={item} now={now} timeZone={timeZone} />}
      actions={(item, index) => <RowMenu adId={adId} item={item} index={index} busy={busy} onUnlink={onUnlink} />}
    />
  )
}

function ItemBadge({ item, now, timeZone }: { item: AdMediaItem; now: number; timeZone: string }) {
  const badge = entryBadge(item, now, timeZone)
  return (
    <Badge variant={badgeVariant[badge.status]} data-status={badge.status}>
      {badge.label}
    </Badge>
  )
}

function RowMenu({ adId, item, index, busy, onUnlink }: { adId: string; item: AdMediaItem; index: number; busy: boolean; onUnlink: (index: number) => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Ações para ${item.name}`}>
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to={`/ads-center/${encodeURIComponent(adId)}/media/${encodeURIComponent(item.id)}/${index}`}>
            <Pencil /> Editar
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild disabled={!item.url}>
          <a href={item.url} target="_blank" rel="noreferrer">
            <ExternalLink /> Visualizar
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem className="text-destructive" disabled={busy} onSelect={() => onUnlink(index)}>
          <Trash2 /> Excluir
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
