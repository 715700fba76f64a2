import * as React from 'react'
import { ImageIcon, Link2Off, Megaphone, Pencil, Video } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { isAdSlot } from '@/lib/playback'
import { cn } from '@/lib/utils'
import type { ScheduleEntry } from '../api/types'
import { displaySeconds, typeLabel, WEEKDAY_LETTERS, WEEKDAY_NAMES, weekdays, windowsLabel } from '../entries'
import { EntryDateBadge } from './entry-badge'

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
  /** Wraps the rows for drag-and-drop reordering; rows get their handle through renderHandle. */
  renderBody?: (rows: React.ReactNode[]) => React.ReactNode
  renderRow?: (index: number, key: string, cells: (handle: React.ReactNode) => React.ReactNode) => React.ReactNode
}

function Thumbnail({ entry }: { entry: ScheduleEntry }) {
  if (isAdSlot(entry)) {
    return (
      <span className="grid size-10 place-items-center rounded bg-muted text-muted-foreground">
        <Megaphone className="size-4" />
      </span>
    )
  }
  if (entry.thumbnailUrl) return <img src={entry.thumbnailUrl} alt="" loading="lazy" className="size-10 rounded object-cover" />
  return (
    <span className="grid size-10 place-items-center rounded bg-muted text-muted-foreground">
      {entry.type === 'video' ? <Video className="size-4" /> : <ImageIcon className="size-4" />}
    </span>
  )
}

function Weekdays({ entry }: { entry: ScheduleEntry }) {
  const days = weekdays(entry)
  const names = WEEKDAY_NAMES.filter((_n, i) => days[i])
  return (
    <span className="flex gap-0.5" aria-label={days.every(Boolean) ? 'Todos os dias' : names.join(', ') || 'Nenhum dia'}>
      {WEEKDAY_LETTERS.map((letter, i) => (
        <span
          key={i}
          aria-hidden="true"
          className={cn('grid size-5 place-items-center rounded text-[10px] font-semibold', days[i] ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground')}
        >
          {letter}
        </span>
      ))}
    </span>
  )
}

/** Stable row keys: an entry's id may repeat (the same media twice), so the occurrence is part of it. */
export function entryKeys(entries: readonly ScheduleEntry[]) {
  const seen = new Map<string, number>()
  return entries.map((entry) => {
    const n = seen.get(entry.id) ?? 0
    seen.set(entry.id, n + 1)
    return `${entry.id}#${n}`
  })
}

/** The schedule's entries in play order (spec 2 §2 'Schedule detail'). */
export function EntryTable({ entries, now, timeZone, selected, onSelectedChange, onUnlink, busy, visible, renderBody, renderRow }: Props) {
  // The row's edit link goes to /schedule/{scheduleId}/media/{mediaId}/{index} (spec 2 §2).
  const { scheduleId } = useParams()
  const keys = entryKeys(entries)
  const shown = visible ?? entries.map((_e, i) => i)
  const all = shown.length > 0 && shown.every((i) => selected.has(i))
  const toggle = (index: number, on: boolean) => {
    const next = new Set(selected)
    if (on) next.add(index)
    else next.delete(index)
    onSelectedChange(next)
  }

  const cells = (entry: ScheduleEntry, index: number) => (handle: React.ReactNode) => (
    <>
      <TableCell className="w-8">{handle}</TableCell>
      <TableCell className="w-8">
        <Checkbox checked={selected.has(index)} onCheckedChange={(on) => toggle(index, !!on)} aria-label={`Selecionar ${entry.name}`} />
      </TableCell>
      <TableCell>
        <span className="flex items-center gap-3">
          <Thumbnail entry={entry} />
          <span className="font-medium">{isAdSlot(entry) ? 'Slot' : entry.name}</span>
        </span>
      </TableCell>
      <TableCell>{typeLabel(entry)}</TableCell>
      <TableCell className="tabular-nums">{displaySeconds(entry)}s</TableCell>
      <TableCell>
        <EntryDateBadge entry={entry} now={now} timeZone={timeZone} />
      </TableCell>
      <TableCell>
        <Weekdays entry={entry} />
      </TableCell>
      <TableCell className="text-sm">{windowsLabel(entry)}</TableCell>
      <TableCell className="whitespace-nowrap">
        {!isAdSlot(entry) && scheduleId && (
          <Button asChild variant="ghost" size="icon" className="size-8" aria-label={`Editar ${entry.name}`}>
            <Link to={`/schedule/${encodeURIComponent(scheduleId)}/media/${encodeURIComponent(entry.id)}/${index}`}>
              <Pencil />
            </Link>
          </Button>
        )}
        <Button variant="ghost" size="icon" className="size-8 text-destructive" aria-label={`Desvincular ${entry.name}`} disabled={busy} onClick={() => onUnlink(index)}>
          <Link2Off />
        </Button>
      </TableCell>
    </>
  )

  const rows = shown.map((index) => ({ entry: entries[index], index })).map(({ entry, index }) =>
    renderRow ? (
      renderRow(index, keys[index], cells(entry, index))
    ) : (
      <TableRow key={keys[index]} data-state={selected.has(index) ? 'selected' : undefined}>
        {cells(entry, index)(null)}
      </TableRow>
    ),
  )

  return (
    <div className="overflow-hidden rounded-md border">
      <Table aria-label="Mídias da programação">
        <TableHeader>
          <TableRow>
            <TableHead className="w-8">
              <span className="sr-only">Ordem</span>
            </TableHead>
            <TableHead className="w-8">
              <Checkbox
                checked={all || (selected.size > 0 && 'indeterminate')}
                onCheckedChange={(on) => onSelectedChange(on ? new Set(shown) : new Set())}
                aria-label="Selecionar todas"
                disabled={shown.length === 0}
              />
            </TableHead>
            <TableHead>Nome</TableHead>
            <TableHead>Tipo</TableHead>
            <TableHead>Tempo de exibição</TableHead>
            <TableHead>Período</TableHead>
            <TableHead>Dias</TableHead>
            <TableHead>Horários</TableHead>
            <TableHead className="w-16">Ações</TableHead>
          </TableRow>
        </TableHeader>
        {shown.length === 0 ? (
          <TableBody>
            <TableRow>
              <TableCell colSpan={9} className="h-24 text-center text-muted-foreground">
                {entries.length === 0 ? 'Nenhuma mídia nesta programação.' : 'Nenhuma mídia neste período ou dia.'}
              </TableCell>
            </TableRow>
          </TableBody>
        ) : renderBody ? (
          renderBody(rows)
        ) : (
          <TableBody>{rows}</TableBody>
        )}
      </Table>
    </div>
  )
}
