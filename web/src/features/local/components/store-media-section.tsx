import { ImagePlus, Trash2, Video } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { StoreMedia } from '../api/types'
import { MediaThumb } from './media-thumb'

type Props = {
  media: StoreMedia[]
  readOnly: boolean
  onUpload: (kind: 'image' | 'video') => void
  onDelete: (media: StoreMedia) => void
}

/** 'Mídias da loja': the store's own folder, which its items are chosen from. */
export function StoreMediaSection({ media, readOnly, onUpload, onDelete }: Props) {
  return (
    <section aria-labelledby="store-media-title" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="store-media-title" className="text-lg font-semibold">
            Mídias da loja
          </h2>
          <p className="text-sm text-muted-foreground">As imagens e os vídeos da própria loja, para pôr nos espaços locais.</p>
        </div>
        {!readOnly && (
          <div className="flex flex-wrap gap-2">
            <Button data-opens-dialog variant="outline" onClick={() => onUpload('image')}>
              <ImagePlus aria-hidden="true" />
              Enviar imagens
            </Button>
            <Button data-opens-dialog variant="outline" onClick={() => onUpload('video')}>
              <Video aria-hidden="true" />
              Enviar vídeos
            </Button>
          </div>
        )}
      </div>
      {media.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma mídia da loja ainda.</p>
      ) : (
        <ul aria-label="Mídias da loja" className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {media.map((m) => (
            <li key={m.id} className="flex items-center gap-3 rounded-md border p-2">
              <MediaThumb media={m} />
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-medium" title={m.name}>
                  {m.name}
                </span>
                <span className="text-xs text-muted-foreground">{m.type === 'video' ? `Vídeo${m.duration ? ` · ${Math.round(m.duration)} s` : ''}` : 'Imagem'}</span>
              </span>
              {!readOnly && (
                <Button variant="ghost" size="icon" className="text-destructive" aria-label={`Excluir ${m.name}`} title="Excluir" onClick={() => onDelete(m)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
