import { cn } from '@/lib/utils'
// The schedules' footer preview, as the schedule's preview draws it; its index does not lend it (yet).
import { FooterPreview } from '@/features/schedules'
import type { BottomBar, LocalVersion } from '../api/types'

/** How the store's TV stands, as the live view says it. */
export function orientationText(orientation: number) {
  const kind = orientation % 2 === 1 ? 'Televisor vertical' : 'Televisor horizontal'
  return orientation > 0 ? `${kind}, conteúdo girado ${orientation * 90}°` : kind
}

type Props = {
  version: LocalVersion
  /** The TV's contentOrientation (0–3): 1 and 3 stand the screen upright. */
  orientation: number
  bar: BottomBar | null
  store: string
  timeZone: string
  moment: number
  /** Names the screen for whoever reads it ('Prévia da versão nova'). */
  label: string
}

/**
 * An item as it will look on the store's TV: the media in a frame with the
 * TV's shape (a turned TV is drawn upright, its content as people in the
 * store see it) and the schedule's footer under it.
 */
export function TvPreview({ version, orientation, bar, store, timeZone, moment, label }: Props) {
  const portrait = orientation % 2 === 1
  const { media } = version
  return (
    <figure className="grid min-w-0 gap-2">
      <div className={cn('overflow-hidden rounded-md border bg-black', portrait ? 'mx-auto w-full max-w-40' : 'w-full')}>
        <div className={cn('relative grid w-full place-items-center', portrait ? 'aspect-[9/16]' : 'aspect-video')} role="region" aria-label={label}>
          {!media.url ? (
            <p className="p-2 text-center text-sm text-white/80">Arquivo indisponível</p>
          ) : media.type === 'video' ? (
            <video src={media.url} poster={media.thumbnailUrl || undefined} controls muted playsInline preload="metadata" className="size-full object-contain" aria-label={media.name} />
          ) : (
            <img src={media.url} alt={media.name} loading="lazy" className="size-full object-contain" />
          )}
        </div>
        {bar && <FooterPreview bar={bar} moment={moment} timeZone={timeZone} store={store} />}
      </div>
      <figcaption className="text-xs text-muted-foreground">{orientationText(orientation)}</figcaption>
    </figure>
  )
}
