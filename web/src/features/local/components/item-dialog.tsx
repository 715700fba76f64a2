import * as React from 'react'
import { Send } from 'lucide-react'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'
import type { LocalItem, LocalSpace, StoreMedia } from '../api/types'
import { datesOf, datesProblem, dayInput } from '../lib/dates'
import { MediaThumb } from './media-thumb'
import { shownVersion } from './item-state'

export const itemMessages = {
  media: 'Selecione uma mídia das mídias da loja.',
  emptyFolder: 'As mídias da loja estão vazias: envie uma imagem ou um vídeo primeiro.',
} as const

/** What the dialog sends: the media and the dates (0 clears a date on an edit). */
export type ItemValues = { mediaId: string; startDate?: number; endDate?: number }

type Props = {
  /** The space the item is in; null closes the dialog. */
  space: LocalSpace | null
  /** The item edited; none to add one. */
  item?: LocalItem
  media: StoreMedia[]
  timeZone: string
  /** What is sent waits for approval. */
  approval: boolean
  pending: boolean
  onOpenChange: (open: boolean) => void
  onSubmit: (values: ItemValues) => void
}

/**
 * 'Adicionar' and 'Editar' ('Reenviar' on a rejected item): a media of the
 * store's own folder and the optional first and last days.
 */
export function ItemDialog({ space, item, media, timeZone, approval, pending, onOpenChange, onSubmit }: Props) {
  const open = space !== null
  const base = item ? shownVersion(item) : undefined
  const [mediaId, setMediaId] = React.useState('')
  const [start, setStart] = React.useState('')
  const [end, setEnd] = React.useState('')
  const [submitted, setSubmitted] = React.useState(false)
  const [openedFor, setOpenedFor] = React.useState<string | null>(null)
  const key = open ? `${space.spaceId}:${item?.id ?? 'new'}` : null
  // A new opening starts from the item's last version (or empty).
  if (key !== openedFor) {
    setOpenedFor(key)
    setMediaId(base?.mediaId ?? '')
    setStart(dayInput(base?.startDate, timeZone))
    setEnd(dayInput(base?.endDate, timeZone))
    setSubmitted(false)
  }
  const ids = React.useId()
  const mediaError = submitted && !media.some((m) => m.id === mediaId) ? itemMessages.media : null
  const datesError = datesProblem(start, end)

  const rejected = item?.state === 'rejected'
  const title = !item ? 'Adicionar item' : rejected ? 'Reenviar item' : 'Editar item'
  const submitLabel = rejected ? 'Reenviar' : approval ? 'Enviar para aprovação' : item ? 'Salvar' : 'Adicionar'

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!media.some((m) => m.id === mediaId) || datesError) return
    const dates = datesOf(start, end, timeZone)
    // On an edit an emptied field clears the date (0); on an addition it is simply absent.
    onSubmit(item ? { mediaId, startDate: dates.startDate ?? 0, endDate: dates.endDate ?? 0 } : { mediaId, ...dates })
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">
            {space ? `${space.scheduleName} › ${space.name}: cada item passa ${space.localTime} s.` : ''}{' '}
            {approval ? 'O item passa nas TVs da loja depois de aprovado pela rede.' : 'Publicado sem aprovação: o item passa nas TVs da loja na hora.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
          <fieldset className="grid min-w-0 gap-2" aria-describedby={mediaError ? `${ids}-media-error` : undefined}>
            <legend className="mb-2 text-sm font-medium">Mídia</legend>
            {media.length === 0 ? (
              <p className="text-sm text-muted-foreground">{itemMessages.emptyFolder}</p>
            ) : (
              <div className="grid max-h-72 gap-1 overflow-y-auto rounded-md border p-1">
                {media.map((m) => (
                  <label
                    key={m.id}
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-md p-2 hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      mediaId === m.id && 'bg-accent',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${ids}-media`}
                      value={m.id}
                      checked={mediaId === m.id}
                      onChange={() => setMediaId(m.id)}
                      className="size-4 accent-primary"
                    />
                    <MediaThumb media={m} className="size-10" />
                    <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{m.name}</span>
                    <span className="text-xs text-muted-foreground">{m.type === 'video' ? 'Vídeo' : 'Imagem'}</span>
                  </label>
                ))}
              </div>
            )}
            {mediaError && (
              <p id={`${ids}-media-error`} role="alert" className="text-sm text-destructive">
                {mediaError}
              </p>
            )}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-start`}>Início</Label>
              <Input id={`${ids}-start`} type="date" value={start} onChange={(e) => setStart(e.target.value)} aria-describedby={`${ids}-dates-hint`} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-end`}>Fim</Label>
              <Input
                id={`${ids}-end`}
                type="date"
                value={end}
                min={start || undefined}
                onChange={(e) => setEnd(e.target.value)}
                aria-invalid={submitted && !!datesError}
                aria-describedby={`${ids}-dates-hint${submitted && datesError ? ` ${ids}-dates-error` : ''}`}
              />
            </div>
            <p id={`${ids}-dates-hint`} className="text-xs text-muted-foreground sm:col-span-2">
              Opcionais: sem início, passa a partir de hoje; sem fim, passa até ser removido.
            </p>
            {submitted && datesError && (
              <p id={`${ids}-dates-error`} role="alert" className="text-sm text-destructive sm:col-span-2">
                {datesError}
              </p>
            )}
          </div>
          <DialogFormFooter pending={pending} submitLabel={submitLabel} submitIcon={approval ? <Send aria-hidden="true" /> : undefined} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
