import { Megaphone } from 'lucide-react'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { localTime } from '@/lib/playback'
import type { Display } from '@/features/displays'
import { useDisplayNow } from '../api/get-display-now'
import type { PlayingItem } from '../api/types'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string | undefined
  display: Display | undefined
}

const pad = (n: number) => String(n).padStart(2, '0')
const clock = (moment: number, timeZone: string) => {
  const t = localTime(moment, timeZone)
  return `${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`
}

/** An ad slot's item: the advertisement sold in its position and its media, or the slot's fallback media. */
function slotName(item: PlayingItem) {
  const slot = item.position ? `Slot, posição ${item.position}` : 'Slot'
  if (item.advertisementId) {
    const ad = item.advertisementName || 'Anúncio'
    if (!item.url) return `${slot}: anúncio ${ad} (nenhuma mídia dele pode ser exibida agora)`
    return item.name && item.name !== ad ? `${slot}: anúncio ${ad} · ${item.name}` : `${slot}: anúncio ${ad}`
  }
  return item.name ? `${slot}: ${item.name} (mídia padrão)` : slot
}

/** A local space's item: the store's approved item, or the space's fallback media. */
function localName(item: PlayingItem) {
  const space = item.position ? `Espaço local, item ${item.position}` : 'Espaço local'
  if (item.localItemId) return `${space}: ${item.name}`
  return item.name ? `Espaço local: ${item.name} (mídia padrão)` : 'Espaço local'
}

function itemName(item: PlayingItem) {
  if (item.kind === 'idle') return 'Nada (nenhuma mídia pode ser exibida agora)'
  if (item.kind === 'slot') return slotName(item)
  if (item.kind === 'local') return localName(item)
  return item.name
}

/** 'O que está passando': what a TV shows now and next, as the server computes it. */
export function NowPlayingDialog({ open, onOpenChange, franchise, display }: Props) {
  const now = useDisplayNow(open && display && franchise ? { franchise, store: display.store, id: display.id } : undefined)
  const playing = now.data?.playing

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>O que está passando</DialogTitle>
          <DialogDescription>
            {display ? `${display.name} · ${display.scheduleName || 'sem programação'}` : ''}
          </DialogDescription>
        </DialogHeader>
        {now.isLoading ? (
          <Skeleton className="h-32 w-full" />
        ) : now.data?.resting ? (
          <p className="text-sm text-muted-foreground">Loja fechada: o televisor descansa com a tela preta até a abertura.</p>
        ) : !playing?.now ? (
          <p className="text-sm text-muted-foreground">Este televisor não tem programação vinculada.</p>
        ) : (
          <div className="grid gap-4 text-sm">
            <div className="flex items-center gap-3" aria-label="Agora">
              {playing.now.thumbnailUrl ? (
                <img src={playing.now.thumbnailUrl} alt="" className="size-16 rounded object-cover" />
              ) : (
                <span className="grid size-16 place-items-center rounded bg-muted text-muted-foreground">
                  <Megaphone className="size-5" />
                </span>
              )}
              <div className="grid">
                <span className="text-xs uppercase text-muted-foreground">Agora</span>
                <span className="font-medium">{itemName(playing.now)}</span>
                <span className="tabular-nums text-muted-foreground">
                  {clock(playing.now.start, playing.timeZone)} – {clock(playing.now.end, playing.timeZone)}
                </span>
              </div>
            </div>
            <div className="grid gap-1">
              <h3 className="font-medium">A seguir</h3>
              {playing.next.length === 0 ? (
                <p className="text-muted-foreground">Nada programado em seguida.</p>
              ) : (
                <ol aria-label="A seguir" className="grid gap-0.5">
                  {playing.next.map((item) => (
                    <li key={`${item.start}-${item.entryIndex}`} className="flex gap-2">
                      <span className="tabular-nums text-muted-foreground">{clock(item.start, playing.timeZone)}</span>
                      <span>{itemName(item)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
