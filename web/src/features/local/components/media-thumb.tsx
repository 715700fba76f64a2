import { Film, ImageIcon } from 'lucide-react'
import { cn } from '@/lib/utils'

/** The small picture in front of a media's name: its thumbnail, or its kind's icon. */
export function MediaThumb({ media, className }: { media: { type: 'image' | 'video'; thumbnailUrl: string; url?: string }; className?: string }) {
  const Icon = media.type === 'video' ? Film : ImageIcon
  const src = media.thumbnailUrl || (media.type === 'image' ? media.url : '')
  return (
    <span className={cn('relative flex size-12 shrink-0 items-center justify-center overflow-hidden rounded border bg-muted', className)}>
      {src ? (
        <img src={src} alt="" loading="lazy" draggable={false} className="size-full object-cover" />
      ) : (
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      )}
      {media.type === 'video' && src && (
        <span className="absolute right-0 bottom-0 rounded-tl bg-black/60 p-0.5 text-white">
          <Film className="size-2.5" aria-hidden="true" />
        </span>
      )}
    </span>
  )
}
