import * as React from 'react'
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { GripVertical, ImageIcon, Megaphone, Store, Video } from 'lucide-react'
import { TruncatedText } from '@/components/truncated-text'
import { Checkbox } from '@/components/ui/checkbox'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { isAdSlot } from '@/lib/playback'
import { cn } from '@/lib/utils'
import { displaySeconds, displayTimeLabel, isLocalEntry, moveEntry, typeLabel, WEEKDAY_LETTERS, WEEKDAY_NAMES, weekdays, windowsLabel, type ListedEntry } from './entries'
import { EntryDateBadge } from './entry-badge'
import { restrictToVerticalAxis } from './restrict-vertical'

export type MediaTableProps<T extends ListedEntry> = {
  /** The table's accessible name. */
  label: string
  /** The list in play order. */
  entries: readonly T[]
  /** The badges' "today". */
  now: number
  timeZone: string
  /** Positions (in the full list) of the selected rows. */
  selected: ReadonlySet<number>
  onSelectedChange: (selected: Set<number>) => void
  /** A save runs: the rows cannot be dragged. */
  busy: boolean
  /** Positions shown (a filter is on); all when absent. Rows cannot be dragged while a filter is on. */
  visible?: readonly number[]
  /**
   * Rows are dragged to reorder when given (pointer, or keyboard: space,
   * arrows, space): the whole list in its new order; `revert` puts the rows
   * back when its save fails.
   */
  onMove?: (entries: T[], revert: () => void) => void
  /** Said in the table's body when no row is shown. */
  emptyText: string
  /** The last column: what can be done with the entry at `index`. */
  actions: (entry: T, index: number) => React.ReactNode
  /** The period column; the schedules' date badge when absent. */
  badge?: (entry: T) => React.ReactNode
  /** Seconds in the display-time column; what the entry plays when absent. */
  seconds?: (entry: T) => number
  /** Shown, not changed: no selection, no actions (a franchisee reading the network's schedule). */
  readOnly?: boolean
  /** A line under the entry's name (a local space's fallback media). */
  detail?: (entry: T) => React.ReactNode
}

/** Stable row keys: an entry's id may repeat (the same media twice), so the occurrence is part of it. */
export function entryKeys(entries: readonly { id: string }[]) {
  const seen = new Map<string, number>()
  return entries.map((entry) => {
    const n = seen.get(entry.id) ?? 0
    seen.set(entry.id, n + 1)
    return `${entry.id}#${n}`
  })
}

function Thumbnail({ entry }: { entry: ListedEntry }) {
  if (isLocalEntry(entry)) {
    return (
      <span className="grid size-10 place-items-center rounded bg-muted text-muted-foreground">
        <Store className="size-4" />
      </span>
    )
  }
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

function Weekdays({ entry }: { entry: ListedEntry }) {
  const days = weekdays(entry)
  const names = WEEKDAY_NAMES.filter((_n, i) => days[i])
  return (
    <span role="img" className="flex gap-0.5" aria-label={days.every(Boolean) ? 'Todos os dias' : names.join(', ') || 'Nenhum dia'}>
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

/** The drag handle of a row: the row moves while it is held. */
function SortableRow({ id, name, disabled, selected, children }: { id: string; name: string; disabled: boolean; selected: boolean; children: (handle: React.ReactNode) => React.ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled })
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="grid size-8 cursor-grab place-items-center rounded text-muted-foreground hover:bg-accent focus-visible:outline-2 disabled:cursor-not-allowed"
      aria-label={`Mover ${name}`}
      disabled={disabled}
      {...attributes}
      {...listeners}
    >
      <GripVertical className="size-4" />
    </button>
  )
  return (
    <TableRow
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'relative z-10 bg-accent' : undefined}
      data-entry={id}
      data-state={selected ? 'selected' : undefined}
    >
      {children(handle)}
    </TableRow>
  )
}

/**
 * A list of media with their rules in play order (a schedule's entries, an
 * advertisement's media): selection, date badge, weekdays, time windows, and
 * drag-and-drop reordering when `onMove` is given and no filter is on.
 */
export function MediaTable<T extends ListedEntry>({
  label,
  entries,
  now,
  timeZone,
  selected,
  onSelectedChange,
  busy,
  visible,
  onMove,
  emptyText,
  actions,
  badge,
  seconds = displaySeconds,
  readOnly = false,
  detail,
}: MediaTableProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const keys = entryKeys(entries)
  const shown = visible ?? entries.map((_e, i) => i)
  const sortable = !!onMove && !visible
  // Shown while the save runs, so a dropped row does not jump back first.
  const [pending, setPending] = React.useState<string[] | null>(null)
  const [seen, setSeen] = React.useState(entries)
  if (seen !== entries) {
    setSeen(entries)
    setPending(null)
  }
  const order = pending ?? keys

  const all = shown.length > 0 && shown.every((i) => selected.has(i))
  const toggle = (index: number, on: boolean) => {
    const next = new Set(selected)
    if (on) next.add(index)
    else next.delete(index)
    onSelectedChange(next)
  }

  const cells = (entry: T, index: number, handle: React.ReactNode) => (
    <>
      <TableCell className="w-8">{handle}</TableCell>
      {!readOnly && (
        <TableCell className="w-8">
          <Checkbox checked={selected.has(index)} onCheckedChange={(on) => toggle(index, !!on)} aria-label={`Selecionar ${entry.name}`} />
        </TableCell>
      )}
      {/* max-w-0: the name takes the width the other columns leave, and is cut (whole on hover). */}
      <TableCell className="min-w-36 max-w-0">
        <span className="flex items-center gap-3">
          <span className="shrink-0">
            <Thumbnail entry={entry} />
          </span>
          <span className="grid min-w-0">
            <TruncatedText text={isAdSlot(entry) && !isLocalEntry(entry) ? 'Slot' : entry.name} className="font-medium" />
            {detail?.(entry)}
          </span>
        </span>
      </TableCell>
      <TableCell>{typeLabel(entry)}</TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{displayTimeLabel(entry, seconds(entry))}</TableCell>
      <TableCell>{badge ? badge(entry) : <EntryDateBadge entry={entry} now={now} timeZone={timeZone} />}</TableCell>
      <TableCell>
        <Weekdays entry={entry} />
      </TableCell>
      <TableCell className="min-w-28 whitespace-normal text-sm">{windowsLabel(entry)}</TableCell>
      {!readOnly && <TableCell className="whitespace-nowrap">{actions(entry, index)}</TableCell>}
    </>
  )

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!onMove || !over || active.id === over.id) return
    const from = keys.indexOf(String(active.id))
    const to = keys.indexOf(String(over.id))
    if (from < 0 || to < 0) return
    setPending(moveEntry(keys, from, to))
    onMove(moveEntry(entries, from, to), () => setPending(null))
  }
  const nameOf = (id: string | number) => entries[keys.indexOf(String(id))]?.name ?? ''
  const announcements = {
    onDragStart: ({ active }: { active: { id: string | number } }) => `${nameOf(active.id)} selecionada. Use as setas para mover.`,
    onDragOver: ({ over }: { over: { id: string | number } | null }) => (over ? `Sobre a posição ${order.indexOf(String(over.id)) + 1}.` : ''),
    onDragEnd: ({ over }: { over: { id: string | number } | null }) => (over ? `Solta na posição ${order.indexOf(String(over.id)) + 1}.` : 'Movimento cancelado.'),
    onDragCancel: () => 'Movimento cancelado.',
  }

  let body: React.ReactNode
  if (shown.length === 0) {
    body = (
      <TableBody>
        <TableRow>
          <TableCell colSpan={readOnly ? 7 : 9} className="h-24 text-center text-muted-foreground">
            {emptyText}
          </TableCell>
        </TableRow>
      </TableBody>
    )
  } else if (sortable) {
    body = (
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[restrictToVerticalAxis]}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: 'Para mover, pressione espaço, use as setas e pressione espaço de novo.' } }}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <TableBody>
            {order.map((key) => {
              const index = keys.indexOf(key)
              const entry = entries[index]
              return (
                <SortableRow key={key} id={key} name={entry.name} disabled={busy} selected={selected.has(index)}>
                  {(handle) => cells(entry, index, handle)}
                </SortableRow>
              )
            })}
          </TableBody>
        </SortableContext>
      </DndContext>
    )
  } else {
    body = (
      <TableBody>
        {shown.map((index) => (
          <TableRow key={keys[index]} data-state={selected.has(index) ? 'selected' : undefined}>
            {cells(entries[index], index, null)}
          </TableRow>
        ))}
      </TableBody>
    )
  }

  return (
    <div className="overflow-x-auto rounded-md border">
      <Table aria-label={label}>
        <TableHeader>
          <TableRow>
            <TableHead className="w-8">
              <span className="sr-only">Ordem</span>
            </TableHead>
            {!readOnly && (
              <TableHead className="w-8">
                <Checkbox
                  checked={all || (selected.size > 0 && 'indeterminate')}
                  onCheckedChange={(on) => onSelectedChange(on ? new Set(shown) : new Set())}
                  aria-label="Selecionar todas"
                  disabled={shown.length === 0}
                />
              </TableHead>
            )}
            <TableHead className="w-full">Nome</TableHead>
            <TableHead>Tipo</TableHead>
            <TableHead>Tempo de exibição</TableHead>
            <TableHead>Período</TableHead>
            <TableHead>Dias</TableHead>
            <TableHead>Horários</TableHead>
            {!readOnly && <TableHead className="w-16">Ações</TableHead>}
          </TableRow>
        </TableHeader>
        {body}
      </Table>
    </div>
  )
}
