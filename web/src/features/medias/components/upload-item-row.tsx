import type { ReactNode } from 'react'
import { CheckCircle2, FileImage, FileVideo, Loader2, TriangleAlert, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Progress } from '@/components/ui/progress'
import {
  formatSecondsLeft,
  formatSize,
  formatSpeed,
  MAX_IMAGE_DIMENSION,
  MAX_VIDEO_FPS,
  MAX_VIDEO_HEIGHT,
  MAX_VIDEO_WIDTH,
  VIDEO_COMPRESSION_SITE,
} from '../lib/upload-rules'
import type { MediaKind } from '../types'
import type { UploadItem } from './use-upload-queue'

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 })

function describe(item: UploadItem) {
  const parts: string[] = [formatSize(item.file.size)]
  if (item.width && item.height) parts.push(`${item.width} × ${item.height}`)
  if (item.fps) parts.push(`${decimal.format(item.fps)} fps`)
  if (item.duration) parts.push(`${decimal.format(Math.round(item.duration * 10) / 10)} s`)
  return parts.join(' · ')
}

function Warning({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-1.5 text-sm text-amber-700 dark:text-amber-400">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  )
}

type Props = {
  item: UploadItem
  kind: MediaKind
  nameError?: string
  locked: boolean
  onNameChange: (name: string) => void
  onRemove: () => void
}

export function UploadItemRow({ item, kind, nameError, locked, onNameChange, onRemove }: Props) {
  const Icon = kind === 'video' ? FileVideo : FileImage
  const inFlight = item.status === 'uploading' || item.status === 'saving' || item.status === 'done'
  const oversized = kind === 'image' && Math.max(item.width ?? 0, item.height ?? 0) > MAX_IMAGE_DIMENSION
  return (
    <li className="grid gap-3 rounded-md border p-3" aria-label={item.file.name}>
      <div className="flex items-center gap-2">
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate text-sm font-medium" title={item.file.name}>
          {item.file.name}
        </span>
        <span className="shrink-0 text-xs text-muted-foreground">{describe(item)}</span>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-7"
          onClick={onRemove}
          disabled={locked}
          aria-label={`Remover ${item.file.name}`}
        >
          <X />
        </Button>
      </div>

      {item.status !== 'error' && (
        <FormField id={`${item.id}-name`} label="Nome da mídia" error={nameError}>
          <Input
            value={item.name}
            onChange={(event) => onNameChange(event.target.value)}
            disabled={locked}
            placeholder="Digite o nome da mídia"
            autoComplete="off"
          />
        </FormField>
      )}

      {item.status === 'analyzing' && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Analisando arquivo...
        </p>
      )}

      {locked && item.status === 'ready' && <p className="text-sm text-muted-foreground">Aguardando envio...</p>}

      {(item.status === 'error' || item.status === 'failed') && item.error && (
        <p className="text-sm font-medium text-destructive" role="alert">
          {item.error}
        </p>
      )}

      {item.status !== 'error' && item.status !== 'analyzing' && (
        <div className="grid gap-1.5 empty:hidden">
          {item.isHighRes && (
            <Warning>
              Resolução acima de {MAX_VIDEO_WIDTH}x{MAX_VIDEO_HEIGHT}. Recomendamos vídeos em FHD ({MAX_VIDEO_WIDTH}x{MAX_VIDEO_HEIGHT}) para
              uma reprodução sem travamentos.
            </Warning>
          )}
          {item.isHighFps && <Warning>Taxa de quadros acima de {MAX_VIDEO_FPS} fps. Recomendamos vídeos com até {MAX_VIDEO_FPS} fps.</Warning>}
          {item.isTooLarge && (
            <Warning>
              Arquivo muito grande: ele pode demorar a chegar às TVs. Recomendamos comprimir o vídeo antes de enviar em{' '}
              <a href={VIDEO_COMPRESSION_SITE} target="_blank" rel="noopener noreferrer" className="font-medium underline underline-offset-4">
                freeconvert.com
              </a>
              .
            </Warning>
          )}
          {item.needsConversion && !inFlight && (
            <p className="text-sm text-muted-foreground">PNG acima de 5 MB: a imagem será convertida para JPEG antes do envio.</p>
          )}
          {oversized && !inFlight && (
            <p className="text-sm text-muted-foreground">A imagem será reduzida para no máximo {MAX_IMAGE_DIMENSION} px antes do envio.</p>
          )}
        </div>
      )}

      {inFlight && (
        <div className="grid gap-1.5">
          <Progress value={item.progress} aria-label={`Progresso do envio de ${item.name || item.file.name}`} />
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-live="polite">
            <span className="font-medium text-foreground tabular-nums">{item.progress}%</span>
            <span className="tabular-nums">{formatSpeed(item.uploadSpeed)}</span>
            {item.status === 'uploading' && <span className="tabular-nums">{formatSecondsLeft(item.estimatedTimeRemaining)}</span>}
            {item.status === 'saving' && (
              <span className="flex items-center gap-1">
                <Loader2 className="size-3 animate-spin" aria-hidden="true" />
                Salvando na biblioteca...
              </span>
            )}
            {item.status === 'done' && (
              <span className="flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
                <CheckCircle2 className="size-3" aria-hidden="true" />
                Concluído
              </span>
            )}
          </div>
        </div>
      )}
    </li>
  )
}
