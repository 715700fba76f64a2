import { Link2Off, Pencil, Trash2 } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { MediaTable } from '@/components/media-entries/media-table'
import { Button } from '@/components/ui/button'
import { isAdSlot } from '@/lib/playback'
import type { ScheduleEntry, ScheduleEntryInput } from '../api/types'
import { toEntryInput } from '../entries'
import { isLocalSpace } from '../local-space'

type Props = {
  entries: ScheduleEntry[]
  now: number
  timeZone: string
  selected: ReadonlySet<number>
  onSelectedChange: (selected: Set<number>) => void
  onUnlink: (index: number) => void
  busy: boolean
  /** Positions shown (a filter is on); all when absent. Selection and unlink keep positions in the full list. */
  visible?: readonly number[]
  /** Drag-and-drop reordering (no filter on): the whole list in its new order, to save; `revert` puts the rows back when the save fails. */
  onMove?: (media: ScheduleEntryInput[], revert: () => void) => void
  /** 'Editar' on an ad slot's row (quantity, duration, fallback); slot rows have no edit without it. */
  onEditSlot?: (index: number) => void
  /** 'Editar' on a local space's row (name, seconds per item, fallback, rules). */
  onEditLocal?: (index: number) => void
  /** The name of a library media (a local space's fallback); undefined while the library loads. */
  mediaName?: (id: string) => string | undefined
  /** The entries shown, not changed (a franchisee reading the network's schedule). */
  readOnly?: boolean
}

/** Under a local space's name: the fallback media, or that there is none (the space is skipped where a store has nothing). */
function localFallbackText(entry: ScheduleEntry, mediaName?: (id: string) => string | undefined) {
  if (!entry.localFallbackMediaId) return 'Sem mídia reserva'
  return `Mídia reserva: ${mediaName?.(entry.localFallbackMediaId) ?? '…'}`
}

/** The schedule's entries in play order (spec 2 §2 'Schedule detail'). */
export function EntryTable({ entries, onUnlink, busy, onMove, onEditSlot, onEditLocal, mediaName, readOnly, ...table }: Props) {
  // The row's edit link goes to /schedule/{scheduleId}/media/{mediaId}/{index} (spec 2 §2).
  const { scheduleId } = useParams()
  return (
    <MediaTable
      {...table}
      label="Mídias da programação"
      entries={entries}
      busy={busy}
      readOnly={readOnly}
      emptyText={entries.length === 0 ? 'Nenhuma mídia nesta programação.' : 'Nenhuma mídia neste período ou dia.'}
      onMove={onMove && ((moved, revert) => onMove(moved.map(toEntryInput), revert))}
      detail={(entry) => isLocalSpace(entry) && <span className="truncate text-xs text-muted-foreground">{localFallbackText(entry, mediaName)}</span>}
      actions={(entry, index) => (
        <>
          {isLocalSpace(entry) && onEditLocal && (
            <Button variant="ghost" size="icon" className="size-8" aria-label={`Editar ${entry.name}`} disabled={busy} onClick={() => onEditLocal(index)}>
              <Pencil />
            </Button>
          )}
          {isAdSlot(entry) && !isLocalSpace(entry) && onEditSlot && (
            <Button variant="ghost" size="icon" className="size-8" aria-label={`Editar ${entry.name}`} disabled={busy} onClick={() => onEditSlot(index)}>
              <Pencil />
            </Button>
          )}
          {!isAdSlot(entry) && !isLocalSpace(entry) && scheduleId && (
            <Button asChild variant="ghost" size="icon" className="size-8" aria-label={`Editar ${entry.name}`}>
              <Link to={`/schedule/${encodeURIComponent(scheduleId)}/media/${encodeURIComponent(entry.id)}/${index}`}>
                <Pencil />
              </Link>
            </Button>
          )}
          <Button variant="ghost" size="icon" className="size-8 text-destructive" aria-label={isLocalSpace(entry) ? `Excluir ${entry.name}` : `Desvincular ${entry.name}`} disabled={busy} onClick={() => onUnlink(index)}>
            {isLocalSpace(entry) ? <Trash2 /> : <Link2Off />}
          </Button>
        </>
      )}
    />
  )
}
