import * as React from 'react'
import { CornerLeftUp, Folder, ImageIcon, Video } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import type { ChosenMedia, MediaPickerProps } from '@/components/media-entries/media-form'
import { foldName } from '@/lib/name-order'
import { cn } from '@/lib/utils'
import { useMedias } from '../api/get-medias'
import { breadcrumbTrail, findFolder, folderContents, parentPath } from '../lib/folders'
import type { Media } from '../types'

type Props = MediaPickerProps

const chosenOf = (media: Media): ChosenMedia => ({
  id: media.id,
  name: media.name,
  type: media.type,
  url: media.url,
  displayTime: media.displayTime,
  volume: media.volume,
  limitByHour: media.limitByHour,
})

/** 'Selecionar Mídia': walks the library's folders and picks one media, or several images (spec 2 §2 'Media picker'). */
export function MediaPickerDialog({ open, onOpenChange, ...body }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {/* Mounted only while open, so every opening starts at the root with nothing chosen. */}
        <PickerBody {...body} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

function PickerBody({ franchise, multiple, onSelect, onClose }: Omit<Props, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const library = useMedias(franchise)
  const [path, setPath] = React.useState<string[]>([])
  const [filter, setFilter] = React.useState('')
  const [chosen, setChosen] = React.useState<Media[]>([])

  const folder = library.data ? findFolder(library.data.folderMap, path) : undefined
  const contents = folder ? folderContents(folder) : { folders: [], media: [] }
  const needle = foldName(filter.trim())
  const matches = (name: string) => !needle || foldName(name).includes(needle)
  const folders = contents.folders.filter((f) => matches(f.name))
  const media = contents.media.filter((m) => (!multiple || m.type === 'image') && matches(m.name))

  const go = (next: string[]) => {
    setPath(next)
    setFilter('')
  }
  const toggle = (item: Media) => {
    const on = chosen.some((c) => c.id === item.id)
    if (multiple) setChosen(on ? chosen.filter((c) => c.id !== item.id) : [...chosen, item])
    else setChosen(on ? [] : [item])
  }

  return (
    <>
        <DialogHeader>
          <DialogTitle>Selecionar Mídia</DialogTitle>
          <DialogDescription>Selecione uma mídia para continuar</DialogDescription>
        </DialogHeader>
        <nav aria-label="Pastas" className="flex flex-wrap items-center gap-1 text-sm">
          <button type="button" className="font-medium hover:underline" onClick={() => go([])}>
            Mídias
          </button>
          {breadcrumbTrail(path).map((step) => (
            <React.Fragment key={step.parts.join('|')}>
              <span className="text-muted-foreground">/</span>
              <button type="button" className="hover:underline" onClick={() => go(step.parts)}>
                {step.name}
              </button>
            </React.Fragment>
          ))}
        </nav>
        <Input placeholder="Filtrar mídias/pastas" aria-label="Filtrar mídias/pastas" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <ul aria-label="Mídias e pastas" className="h-[200px] overflow-y-auto rounded-md border text-sm">
          {library.isPending && <li className="p-3 text-muted-foreground">Carregando…</li>}
          {path.length > 0 && (
            <li>
              <button type="button" className="flex w-full items-center gap-2 px-3 py-2 text-left hover:bg-muted" onClick={() => go(parentPath(path))}>
                <CornerLeftUp className="size-4" /> Pasta anterior
              </button>
            </li>
          )}
          {folders.map((f) => (
            <li key={f.path}>
              <button type="button" className="flex w-full items-center gap-2 px-3 py-2 text-left hover:bg-muted" onClick={() => go([...path, f.name])}>
                <Folder className="size-4 text-amber-500" /> {f.name}
              </button>
            </li>
          ))}
          {media.map((item) => {
            const on = chosen.some((c) => c.id === item.id)
            return (
              <li key={item.id} className={cn('flex items-center gap-2 px-3 py-1.5', on && 'bg-primary/10')}>
                <Checkbox checked={on} onCheckedChange={() => toggle(item)} aria-label={`Escolher ${item.name}`} />
                <button type="button" className="flex flex-1 items-center gap-2 text-left" onClick={() => toggle(item)}>
                  {item.type === 'video' ? <Video className="size-4" /> : <ImageIcon className="size-4" />}
                  {item.name}
                </button>
                <Button asChild variant="link" size="sm" className="h-7">
                  <a href={item.url} target="_blank" rel="noreferrer" aria-label={`ver ${item.name}`}>
                    ver
                  </a>
                </Button>
              </li>
            )
          })}
        </ul>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            type="button"
            disabled={chosen.length === 0}
            onClick={() => {
              onSelect(chosen.map(chosenOf))
              onClose()
            }}
          >
            {chosen.length > 1 ? `Selecionar (${chosen.length})` : 'Selecionar'}
          </Button>
        </DialogFooter>
    </>
  )
}
