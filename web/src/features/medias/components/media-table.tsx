import * as React from 'react'
import { CornerLeftUp, Folder, FolderInput, Pencil } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { RowCheckbox } from '@/components/ui/row-checkbox'
import { LazyDropdownMenu } from '@/components/ui/lazy-dropdown-menu'
import { Skeleton } from '@/components/ui/skeleton'
import { useBatches, useFirstDraw, useSentinel } from '@/hooks/use-batches'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { cn } from '@/lib/utils'
import type { Media, MediaFolder } from '../types'
import { folderDetails, kindLabel, mediaDetails } from './media-details'
import { MediaPreview, MediaThumbnail } from './media-preview'

/** The drag payload: the id of the media being moved. */
export const MEDIA_DRAG_TYPE = 'application/x-vitrine-media'

const PARENT_TARGET = '..'
/** Media rows drawn at a time; more come as the operator scrolls. */
export const MEDIA_ROWS_PER_BATCH = 100
/** Of the first batch, the rows drawn at once (what a screen shows); the rest follow right after. */
export const MEDIA_FIRST_DRAW = 20

type Props = {
  /** The open folder's path; opening another one starts again from the first rows. */
  folderKey: string
  atRoot: boolean
  folders: MediaFolder[]
  media: Media[]
  isLoading: boolean
  selected: ReadonlySet<string>
  onToggle: (id: string, checked: boolean) => void
  onToggleAll: (checked: boolean) => void
  onOpenFolder: (folder: MediaFolder) => void
  onGoUp: () => void
  /** Move a media into a sub-folder (by name) or, with null, one level up. */
  onMove: (mediaId: string, folderName: string | null) => void
  onRename: (media: Media) => void
  /** Shown, not changed: no selection, moving or editing (a franchisee reading the network's library). */
  readOnly?: boolean
}

function isMediaDrag(event: React.DragEvent) {
  return event.dataTransfer.types.includes(MEDIA_DRAG_TYPE)
}

export function MediaTable(props: Props) {
  const { folderKey, atRoot, folders, media, isLoading, selected, onToggle, onToggleAll, onOpenFolder, onGoUp, onMove, onRename, readOnly = false } = props
  const [dropTarget, setDropTarget] = React.useState<string | null>(null)
  const [dragging, setDragging] = React.useState<string | null>(null)

  const batches = useBatches(media.length, MEDIA_ROWS_PER_BATCH, folderKey)
  const firstDraw = useFirstDraw(MEDIA_FIRST_DRAW, folderKey, !isLoading)
  const drawn = Math.min(batches.shown, firstDraw)
  // 'Mostrar mais' and its sentinel come once the first batch is drawn in full.
  const moreRow = !isLoading && batches.hasMore && drawn === batches.shown
  const sentinel = useSentinel(batches.more, moreRow)

  const selectedHere = media.filter((m) => selected.has(m.id)).length
  const allState = media.length > 0 && selectedHere === media.length ? true : selectedHere > 0 ? 'indeterminate' : false

  const dropProps = (target: string, folderName: string | null) => ({
    onDragOver: (event: React.DragEvent) => {
      if (!isMediaDrag(event)) return
      event.preventDefault()
      event.dataTransfer.dropEffect = 'move'
      if (dropTarget !== target) setDropTarget(target)
    },
    onDragLeave: (event: React.DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropTarget((t) => (t === target ? null : t))
    },
    onDrop: (event: React.DragEvent) => {
      if (!isMediaDrag(event)) return
      event.preventDefault()
      setDropTarget(null)
      const id = event.dataTransfer.getData(MEDIA_DRAG_TYPE)
      if (id) onMove(id, folderName)
    },
    'data-drop-target': dropTarget === target ? '' : undefined,
  })

  const dropHighlight = 'data-[drop-target]:bg-primary/10 data-[drop-target]:outline-2 data-[drop-target]:-outline-offset-2 data-[drop-target]:outline-primary'

  return (
    // No overflow clipping around the table, so the header and 'Pasta anterior'
    // stay in view below the app's header while a long folder scrolls (and stay
    // a drop target for moving a file up).
    <div className="rounded-md border">
      <Table aria-label="Mídias" aria-busy={isLoading || undefined} className="table-fixed" containerClassName="overflow-visible">
        <TableHeader className="sticky top-14 z-[2] bg-background [&_th:first-child]:rounded-tl-md [&_th:last-child]:rounded-tr-md">
          <TableRow className="hover:bg-transparent">
            <TableHead className="w-10">
              {readOnly ? (
                <span className="sr-only">Seleção</span>
              ) : (
                <Checkbox
                  checked={allState}
                  onCheckedChange={(checked) => onToggleAll(checked === true)}
                  disabled={media.length === 0}
                  aria-label="Selecionar todas as mídias"
                />
              )}
            </TableHead>
            <TableHead>Nome</TableHead>
            <TableHead className="hidden w-28 sm:table-cell">Tipo</TableHead>
            <TableHead className="hidden w-44 md:table-cell">Detalhes</TableHead>
            <TableHead className="w-40 text-right">Ações</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {!atRoot && (
            <TableRow
              className={cn('sticky top-[calc(3.5rem+39px)] z-[1] bg-background text-muted-foreground', dropHighlight)}
              {...dropProps(PARENT_TARGET, null)}
              data-testid="parent-folder-row"
            >
              <TableCell />
              <TableCell colSpan={4} className="p-0">
                <button
                  type="button"
                  onClick={onGoUp}
                  className="flex w-full items-center gap-3 px-2 py-3 text-left font-medium outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <CornerLeftUp className="size-4" aria-hidden="true" />
                  Pasta anterior
                </button>
              </TableCell>
            </TableRow>
          )}

          {isLoading &&
            Array.from({ length: 4 }, (_, i) => (
              <TableRow key={`skeleton-${i}`}>
                <TableCell>
                  <Skeleton className="size-4" />
                </TableCell>
                <TableCell>
                  <div className="flex items-center gap-3">
                    <Skeleton className="size-10" />
                    <Skeleton className="h-4 w-48" />
                  </div>
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  <Skeleton className="h-4 w-16" />
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  <Skeleton className="h-4 w-24" />
                </TableCell>
                <TableCell />
              </TableRow>
            ))}

          {!isLoading &&
            folders.map((folder) => (
              <TableRow key={`folder:${folder.path}`} className={dropHighlight} {...dropProps(`folder:${folder.name}`, folder.name)}>
                <TableCell />
                <TableCell className="p-0">
                  <button
                    type="button"
                    onClick={() => onOpenFolder(folder)}
                    className="flex w-full items-center gap-3 px-2 py-2 text-left font-medium outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <span className="flex size-10 shrink-0 items-center justify-center rounded border bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-400">
                      <Folder className="size-5" aria-hidden="true" />
                    </span>
                    <span className="truncate">{folder.name}</span>
                  </button>
                </TableCell>
                <TableCell className="hidden text-muted-foreground sm:table-cell">Pasta</TableCell>
                <TableCell className="hidden text-muted-foreground md:table-cell">{folderDetails(folder)}</TableCell>
                <TableCell />
              </TableRow>
            ))}

          {!isLoading &&
            media.slice(0, drawn).map((m) => {
              const checked = selected.has(m.id)
              return (
                <TableRow
                  key={m.id}
                  data-state={checked ? 'selected' : undefined}
                  draggable={!readOnly}
                  onDragStart={(event) => {
                    event.dataTransfer.setData(MEDIA_DRAG_TYPE, m.id)
                    event.dataTransfer.effectAllowed = 'move'
                    setDragging(m.id)
                  }}
                  onDragEnd={() => {
                    setDragging(null)
                    setDropTarget(null)
                  }}
                  className={cn(!readOnly && 'cursor-grab active:cursor-grabbing', dragging === m.id && 'opacity-50')}
                  aria-label={m.name}
                >
                  <TableCell>
                    {!readOnly && <RowCheckbox checked={checked} onCheckedChange={(value) => onToggle(m.id, value)} aria-label={`Selecionar ${m.name}`} />}
                  </TableCell>
                  <TableCell className="py-2">
                    <div className="flex min-w-0 items-center gap-3">
                      <MediaThumbnail media={m} />
                      <a
                        href={m.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        draggable={false}
                        className="truncate font-medium underline-offset-4 hover:underline"
                        title={`Abrir ${m.name} em uma nova aba`}
                      >
                        {m.name}
                      </a>
                    </div>
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground sm:table-cell">{kindLabel(m)}</TableCell>
                  <TableCell className="hidden text-muted-foreground tabular-nums md:table-cell">{mediaDetails(m)}</TableCell>
                  <TableCell>
                    <div className="flex items-center justify-end gap-1">
                      <MediaPreview media={m} />
                      {!readOnly && (!atRoot || folders.length > 0) && (
                        <LazyDropdownMenu
                          align="end"
                          trigger={
                            <Button variant="ghost" size="icon" className="size-8" aria-label={`Mover ${m.name}`}>
                              <FolderInput />
                            </Button>
                          }
                        >
                          {({ DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator }) => (
                            <>
                              <DropdownMenuLabel>Mover para</DropdownMenuLabel>
                              <DropdownMenuSeparator />
                              {!atRoot && (
                                <DropdownMenuItem onSelect={() => onMove(m.id, null)}>
                                  <CornerLeftUp /> Pasta anterior
                                </DropdownMenuItem>
                              )}
                              {folders.map((folder) => (
                                <DropdownMenuItem key={folder.path} onSelect={() => onMove(m.id, folder.name)}>
                                  <Folder /> {folder.name}
                                </DropdownMenuItem>
                              ))}
                            </>
                          )}
                        </LazyDropdownMenu>
                      )}
                      {!readOnly && (
                        <Button data-opens-dialog variant="ghost" size="sm" onClick={() => onRename(m)} aria-label={`Editar ${m.name}`}>
                          <Pencil />
                          Editar
                        </Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              )
            })}

          {moreRow && (
            <TableRow ref={sentinel} className="hover:bg-transparent">
              <TableCell colSpan={5} className="py-3 text-center text-sm text-muted-foreground">
                <span className="mr-3">
                  Mostrando {batches.shown} de {media.length} mídias
                </span>
                <Button variant="outline" size="sm" onClick={batches.more}>
                  Mostrar mais mídias
                </Button>
              </TableCell>
            </TableRow>
          )}

          {!isLoading && folders.length === 0 && media.length === 0 && (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={5} className="h-24 text-center text-muted-foreground">
                {atRoot
                  ? 'Nenhuma mídia cadastrada. Envie imagens ou vídeos para começar.'
                  : 'Esta pasta está vazia. Envie arquivos ou arraste uma mídia para dentro dela.'}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  )
}
