import { Eye, Film, ImageIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { LazyPopover } from '@/components/ui/lazy-popover'
import type { Media } from '../types'
import { kindLabel, mediaDetails } from './media-details'

/** The small square in front of a file's name. */
export function MediaThumbnail({ media }: { media: Media }) {
  const Icon = media.type === 'video' ? Film : ImageIcon
  return (
    <span className="relative flex size-10 shrink-0 items-center justify-center overflow-hidden rounded border bg-muted">
      {media.thumbnailUrl ? (
        <img src={media.thumbnailUrl} alt="" loading="lazy" draggable={false} className="size-full object-cover" />
      ) : (
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      )}
      {media.type === 'video' && media.thumbnailUrl && (
        <span className="absolute bottom-0 right-0 rounded-tl bg-black/60 p-0.5 text-white">
          <Film className="size-2.5" aria-hidden="true" />
        </span>
      )}
    </span>
  )
}

/**
 * 'Pré-visualizar': the image, or the video playing muted. Every row of a
 * folder has one, so the popover (and its code) comes on the first click;
 * until then it is only its button.
 */
export function MediaPreview({ media }: { media: Media }) {
  const details = mediaDetails(media)
  return (
    <LazyPopover
      className="w-80 p-2"
      align="end"
      aria-label={`Prévia de ${media.name}`}
      trigger={
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Pré-visualizar ${media.name}`}>
          <Eye />
        </Button>
      }
    >
      <div className="flex aspect-video items-center justify-center overflow-hidden rounded bg-black">
        {media.type === 'video' ? (
          <video
            src={media.url}
            poster={media.thumbnailUrl || undefined}
            controls
            muted
            autoPlay
            loop
            playsInline
            className="max-h-full max-w-full"
            aria-label={media.name}
          />
        ) : (
          <img src={media.thumbnailUrl || media.url} alt={media.name} className="max-h-full max-w-full object-contain" />
        )}
      </div>
      <div className="grid gap-0.5 px-1 pt-2">
        <p className="truncate text-sm font-medium" title={media.name}>
          {media.name}
        </p>
        <p className="text-xs text-muted-foreground">{[kindLabel(media), details].filter(Boolean).join(' · ')}</p>
      </div>
    </LazyPopover>
  )
}
