import * as React from 'react'
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent, type Modifier } from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ExternalLink, GripVertical, ImageIcon, Megaphone, MoreHorizontal, Pencil, Trash2, Video } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { entryBadge, EVERY_DAY, isAdSlot, type BadgeStatus } from '@/lib/playback'
import { cn } from '@/lib/utils'
import type { AdMediaInput, AdMediaItem } from '../api/types'
import { toMediaInput } from '../api/update-ad'
import { itemKeys, moveItem } from '../media'

const WEEKDAY_LETTERS = ['D', 'S', 'T', 'Q', 'Q', 'S', 'S'] as const
const badgeVariant: Record<BadgeStatus, 'outline' | 'default' | 'destructive'> = { upcoming: 'outline', current: 'default', expired: 'destructive' }

/** Rows move up and down only. */
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 })

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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const keys = itemKeys(media)
  // Shown while the save runs, so a dropped row does not jump back first.
  const [pending, setPending] = React.useState<string[] | null>(null)
  const [seen, setSeen] = React.useState(media)
  if (seen !== media) {
    setSeen(media)
    setPending(null)
  }
  const order = pending ?? keys

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = keys.indexOf(String(active.id))
    const to = keys.indexOf(String(over.id))
    if (from < 0 || to < 0) return
    setPending(moveItem(keys, from, to))
    onMove(moveItem(media, from, to).map(toMediaInput), () => setPending(null))
  }

  const toggle = (index: number, on: boolean) => {
    const next = new Set(selected)
    if (on) next.add(index)
    else next.delete(index)
    onSelectedChange(next)
  }
  const all = media.length > 0 && selected.size === media.length

  return (
    <div className="overflow-x-auto rounded-md border">
      <Table aria-label="Mídias do anúncio">
        <TableHeader>
          <TableRow>
            <TableHead className="w-8">
              <span className="sr-only">Ordem</span>
            </TableHead>
            <TableHead className="w-8">
              <Checkbox
                checked={all || (selected.size > 0 && 'indeterminate')}
                onCheckedChange={(on) => onSelectedChange(on ? new Set(media.map((_m, i) => i)) : new Set())}
                aria-label="Selecionar todas"
                disabled={media.length === 0}
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
        {media.length === 0 ? (
          <TableBody>
            <TableRow>
              <TableCell colSpan={9} className="h-24 text-center text-muted-foreground">
                Nenhuma mídia em exibição.
              </TableCell>
            </TableRow>
          </TableBody>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            modifiers={[restrictToVerticalAxis]}
            onDragEnd={onDragEnd}
            accessibility={{ screenReaderInstructions: { draggable: 'Para mover, pressione espaço, use as setas e pressione espaço de novo.' } }}
          >
            <SortableContext items={order} strategy={verticalListSortingStrategy}>
              <TableBody>
                {order.map((key) => {
                  const index = keys.indexOf(key)
                  const item = media[index]
                  return (
                    <SortableRow key={key} id={key} name={item.name} disabled={busy} selected={selected.has(index)}>
                      <TableCell className="w-8">
                        <Checkbox checked={selected.has(index)} onCheckedChange={(on) => toggle(index, !!on)} aria-label={`Selecionar ${item.name}`} />
                      </TableCell>
                      <ItemCells item={item} now={now} timeZone={timeZone} />
                      <TableCell>
                        <RowMenu adId={adId} item={item} index={index} busy={busy} onUnlink={onUnlink} />
                      </TableCell>
                    </SortableRow>
                  )
                })}
              </TableBody>
            </SortableContext>
          </DndContext>
        )}
      </Table>
    </div>
  )
}

function SortableRow({ id, name, disabled, selected, children }: { id: string; name: string; disabled: boolean; selected: boolean; children: React.ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled })
  return (
    <TableRow
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'relative z-10 bg-accent' : undefined}
      data-state={selected ? 'selected' : undefined}
    >
      <TableCell className="w-8">
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
      </TableCell>
      {children}
    </TableRow>
  )
}

function ItemCells({ item, now, timeZone }: { item: AdMediaItem; now: number; timeZone: string }) {
  const slot = isAdSlot(item)
  const badge = entryBadge(item, now, timeZone)
  const dok = slot ? EVERY_DAY : (item.dok ?? EVERY_DAY)
  const windows = slot ? [] : (item.timeGap ?? [])
  return (
    <>
      <TableCell>
        <span className="flex items-center gap-3">
          {item.thumbnailUrl && !slot ? (
            <img src={item.thumbnailUrl} alt="" loading="lazy" className="size-10 rounded object-cover" />
          ) : (
            <span className="grid size-10 place-items-center rounded bg-muted text-muted-foreground">
              {slot ? <Megaphone className="size-4" /> : item.type === 'video' ? <Video className="size-4" /> : <ImageIcon className="size-4" />}
            </span>
          )}
          <span className="font-medium">{slot ? 'Slot' : item.name}</span>
        </span>
      </TableCell>
      <TableCell>{slot ? 'Slot' : item.type === 'video' ? 'Vídeo' : 'Imagem'}</TableCell>
      <TableCell className="tabular-nums">{item.displayTime ?? 0}s</TableCell>
      <TableCell>
        <Badge variant={badgeVariant[badge.status]} data-status={badge.status}>
          {badge.label}
        </Badge>
      </TableCell>
      <TableCell>
        <span className="flex gap-0.5" aria-label={dok === EVERY_DAY ? 'Todos os dias' : undefined}>
          {WEEKDAY_LETTERS.map((letter, bit) => (
            <span
              key={bit}
              aria-hidden="true"
              className={cn(
                'grid size-5 place-items-center rounded text-[10px] font-semibold',
                dok & (1 << bit) ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
              )}
            >
              {letter}
            </span>
          ))}
        </span>
      </TableCell>
      <TableCell className="text-sm">{windows.length ? windows.map((gap) => gap.replace('@', ' às ')).join(', ') : 'Dia todo'}</TableCell>
    </>
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
