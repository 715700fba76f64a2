import * as React from 'react'
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { GripVertical } from 'lucide-react'
import { TableBody, TableRow } from '@/components/ui/table'
import type { ScheduleEntry, ScheduleEntryInput } from '../api/types'
import { moveEntry, toEntryInput } from '../entries'
import { entryKeys } from './entry-table'
import { restrictToVerticalAxis } from './restrict-vertical'

type RowCells = (handle: React.ReactNode) => React.ReactNode

function SortableRow({ id, name, disabled, cells }: { id: string; name: string; disabled: boolean; cells: RowCells }) {
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
    >
      {cells(handle)}
    </TableRow>
  )
}

type Props = {
  entries: ScheduleEntry[]
  disabled: boolean
  /** The whole list in its new order, to save; `revert` puts the rows back when the save fails. */
  onMove: (media: ScheduleEntryInput[], revert: () => void) => void
  children: (sortable: {
    renderBody: (rows: React.ReactNode[]) => React.ReactNode
    renderRow: (index: number, key: string, cells: RowCells) => React.ReactNode
  }) => React.ReactNode
}

/** Drag-and-drop (pointer or keyboard: space, arrows, space) reordering of the entry table. */
export function SortableEntries({ entries, disabled, onMove, children }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const keys = entryKeys(entries)
  // Shown while the save runs, so a dropped row does not jump back first.
  const [pending, setPending] = React.useState<string[] | null>(null)
  const order = pending ?? keys
  const [seen, setSeen] = React.useState(entries)
  if (seen !== entries) {
    setSeen(entries)
    setPending(null)
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = keys.indexOf(String(active.id))
    const to = keys.indexOf(String(over.id))
    if (from < 0 || to < 0) return
    setPending(moveEntry(keys, from, to))
    onMove(moveEntry(entries, from, to).map(toEntryInput), () => setPending(null))
  }

  const announcements = {
    onDragStart: ({ active }: { active: { id: string | number } }) => `${nameOf(active.id)} selecionada. Use as setas para mover.`,
    onDragOver: ({ over }: { over: { id: string | number } | null }) => (over ? `Sobre a posição ${order.indexOf(String(over.id)) + 1}.` : ''),
    onDragEnd: ({ over }: { over: { id: string | number } | null }) => (over ? `Solta na posição ${order.indexOf(String(over.id)) + 1}.` : 'Movimento cancelado.'),
    onDragCancel: () => 'Movimento cancelado.',
  }
  function nameOf(id: string | number) {
    return entries[keys.indexOf(String(id))]?.name ?? ''
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[restrictToVerticalAxis]}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: 'Para mover, pressione espaço, use as setas e pressione espaço de novo.' } }}
    >
      {children({
        renderBody: (rows) => {
          const byKey = new Map(rows.map((row, i) => [keys[i], row]))
          return (
            <SortableContext items={order} strategy={verticalListSortingStrategy}>
              <TableBody>{order.map((key) => byKey.get(key))}</TableBody>
            </SortableContext>
          )
        },
        renderRow: (index, key, cells) => <SortableRow key={key} id={key} name={entries[index]?.name ?? ''} disabled={disabled} cells={cells} />,
      })}
    </DndContext>
  )
}
