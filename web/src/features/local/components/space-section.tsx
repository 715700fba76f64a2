import { ArrowDown, ArrowUp, Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { LocalItem, LocalSpace } from '../api/types'
import { ItemVersions, shownVersion } from './item-state'
import { MediaThumb } from './media-thumb'

type Props = {
  space: LocalSpace
  timeZone: string
  readOnly: boolean
  /** A move or removal is running: the buttons wait. */
  busy: boolean
  onAdd: (space: LocalSpace) => void
  onEdit: (space: LocalSpace, item: LocalItem) => void
  onMove: (item: LocalItem, position: number) => void
  onRemove: (item: LocalItem) => void
}

/** 'Programação › Espaço', as the page and its dialogs name a space. */
export const spaceTitle = (space: Pick<LocalSpace, 'scheduleName' | 'name'>) => `${space.scheduleName} › ${space.name}`

/**
 * One local space of a schedule the store's TVs play: how long each item
 * plays, what plays when the store has nothing approved, and the store's
 * items in play order.
 */
export function SpaceSection({ space, timeZone, readOnly, busy, onAdd, onEdit, onMove, onRemove }: Props) {
  const title = spaceTitle(space)
  const headingId = `space-${space.scheduleId}-${space.spaceId}`
  const count = space.items.length
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h3 id={headingId} className="font-semibold [overflow-wrap:anywhere]">
            {title}
          </h3>
          <p className="text-sm text-muted-foreground">
            {space.localTime} s por item
            {!space.enabled && ' · desativado na programação'}
            {` · ${space.displays === 1 ? '1 TV da loja passa esta programação' : `${space.displays} TVs da loja passam esta programação`}`}
          </p>
          {space.fallback ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <MediaThumb media={space.fallback} className="size-8" />
              <span className="[overflow-wrap:anywhere]">Sem item aprovado para o dia, passa a mídia da rede: {space.fallback.name}</span>
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">Sem item aprovado para o dia, o espaço é pulado (não há mídia da rede para ele).</p>
          )}
        </div>
        {!readOnly && (
          <Button variant="outline" onClick={() => onAdd(space)} aria-label={`Adicionar item em ${title}`}>
            <Plus aria-hidden="true" />
            Adicionar
          </Button>
        )}
      </div>
      {count === 0 ? (
        <p className="text-sm text-muted-foreground">A loja ainda não pôs nada neste espaço.</p>
      ) : (
        <ol aria-label={`Itens da loja em ${title}`} className="grid gap-2">
          {space.items.map((item, index) => {
            const name = shownVersion(item).media.name
            return (
              <li key={item.id} className="flex flex-wrap items-start justify-between gap-3 rounded-md border p-3">
                <div className="flex min-w-0 flex-1 items-start gap-3">
                  <span className="w-6 shrink-0 pt-1 text-right text-sm text-muted-foreground tabular-nums" aria-label={`Posição ${index + 1}`}>
                    {index + 1}.
                  </span>
                  <ItemVersions item={item} timeZone={timeZone} />
                </div>
                {!readOnly && (
                  <div className="flex flex-wrap items-center gap-1">
                    <Button variant="ghost" size="icon" disabled={busy || index === 0} aria-label={`Mover ${name} para cima`} title="Mover para cima" onClick={() => onMove(item, index - 1)}>
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      disabled={busy || index === count - 1}
                      aria-label={`Mover ${name} para baixo`}
                      title="Mover para baixo"
                      onClick={() => onMove(item, index + 1)}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    {item.state === 'rejected' ? (
                      <Button variant="outline" size="sm" aria-label={`Reenviar ${name}`} onClick={() => onEdit(space, item)}>
                        <RotateCcw aria-hidden="true" />
                        Reenviar
                      </Button>
                    ) : (
                      <Button variant="ghost" size="icon" aria-label={`Editar ${name}`} title="Editar" onClick={() => onEdit(space, item)}>
                        <Pencil aria-hidden="true" />
                      </Button>
                    )}
                    <Button variant="ghost" size="sm" className="text-destructive" disabled={busy} aria-label={`Remover ${name}`} onClick={() => onRemove(item)}>
                      <Trash2 aria-hidden="true" />
                      Remover
                    </Button>
                  </div>
                )}
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
