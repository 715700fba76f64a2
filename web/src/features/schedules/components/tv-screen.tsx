// The console's drawing of a TV's screen, shared by the schedule preview
// ('Ver prévia', 'Prévia como' a TV) and the live view of a TV ('Ver ao
// vivo'): the stage (a picture, a video, a 'Slot' card, a resting screen or
// an emergency override), the footer under it, the clock, 'Agora' and 'A
// seguir'. What is shown comes from the shared playback rules
// (lib/playback) and the player's own day plan (player/ads.ts): nothing
// here decides what plays.
import * as React from 'react'
import { localTime, type PlaybackItem } from '@/lib/playback'
import { cn } from '@/lib/utils'
import { type AdTurns, screenDatesOn } from '@/player/ads'
import { shownFor } from '@/player/playlist'
import type { BottomBar } from '../api/types'
import type { Upcoming } from '../override-timeline'
import { nextMoment, tvItemLabel, tvQueue, type TvScreen } from '../preview'
import { FooterPreview } from './footer-preview'

const pad = (n: number) => String(n).padStart(2, '0')

/** A length in seconds, with a tenth when it is not whole (an item cut by an emergency message). */
function seconds(ms: number) {
  return String(Math.round(ms / 100) / 10)
}

export function clockText(moment: number, timeZone: string) {
  const t = localTime(moment, timeZone)
  return `${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`
}

/** An emergency override as the stage draws it (the player's PlayerScreen overrides). */
export type StageOverride = { title: string; text: string; background: string; color: string; media?: { type: string; url: string } | null }

/** What the stage draws: a picture or a video, a 'Slot' card, a local space's card (its fallback, no store chosen), a resting screen, an override, or nothing. */
export type StageContent =
  | { kind: 'idle' }
  | { kind: 'rest' }
  | { kind: 'override'; override: StageOverride }
  | { kind: 'slot'; duration: number }
  | { kind: 'local'; name: string; duration: number }
  | { kind: 'media'; key: string; name: string; type: 'image' | 'video'; url: string; volume: number }

function Stage({ content, muted }: { content: StageContent; muted: boolean }) {
  if (content.kind === 'idle') {
    return <p className="p-2 text-center text-sm text-white/80">Nenhuma mídia para exibir agora. Verificando novamente em 1 s…</p>
  }
  if (content.kind === 'rest') {
    return <p className="p-2 text-center text-sm text-white/80">Loja fechada: o televisor descansa com a tela preta.</p>
  }
  if (content.kind === 'override') {
    const o = content.override
    return (
      <div className="grid size-full place-content-center gap-2 p-4 text-center" style={{ background: o.background, color: o.color }} aria-label="Mensagem de emergência">
        {o.media?.type === 'image' && <img src={o.media.url} alt="" className="mx-auto max-h-24 object-contain" />}
        <span className="text-2xl font-bold">{o.title}</span>
        {o.text && <span className="text-sm">{o.text}</span>}
      </div>
    )
  }
  if (content.kind === 'slot') {
    return (
      <div className="grid place-items-center gap-1 text-white" aria-label="Slot">
        <span className="text-3xl font-bold">Slot</span>
        <span className="text-sm text-white/80">{content.duration / 1000}s</span>
      </div>
    )
  }
  if (content.kind === 'local') {
    return (
      <div className="grid place-items-center gap-1 p-2 text-center text-white" aria-label="Espaço local">
        <span className="text-2xl font-bold">{content.name || 'Espaço local'}</span>
        <span className="text-sm text-white/80">Espaço local: mídia padrão · {content.duration / 1000}s</span>
      </div>
    )
  }
  if (content.type === 'video') {
    return (
      <video
        key={content.key}
        src={content.url}
        aria-label={content.name}
        autoPlay
        muted={muted}
        playsInline
        className="size-full object-contain"
        ref={(video) => {
          if (video) video.volume = Math.min(1, Math.max(0, content.volume))
        }}
      />
    )
  }
  return <img key={content.key} src={content.url} alt={content.name} className="size-full object-contain" />
}

export type { Upcoming }

/** What the screen shows now and next. */
export type Shown = { current: PlaybackItem; content: StageContent; label: string; upcoming: Upcoming[]; loading: boolean }

/**
 * What a TV shows at `moment`, as its player plays it: its schedule's plan
 * of the day with the advertisements sold in it (their media taking turns
 * in `turns`) and its store's local items, the entries' dates read in
 * `datesZone` on the TV's clock.
 */
export function tvShown(view: TvScreen, datesZone: string, moment: number, turns: AdTurns, loading = false): Shown {
  const dated = { ...screenDatesOn(view.schedule, view.ads ?? null, datesZone, view.timeZone, view.local), timeZone: view.timeZone }
  const q = tvQueue(dated, moment)
  const drawn = shownFor(q.current, q.plan.entries, dated.schedule, {
    positions: q.plan.positions,
    ads: dated.ads,
    turns,
    timeZone: dated.timeZone,
    local: q.plan.local,
    localMedia: dated.local?.media,
  })
  const content: StageContent =
    q.current.kind === 'idle' || !drawn.media
      ? { kind: 'idle' }
      : { kind: 'media', key: drawn.key, name: drawn.media.name, type: drawn.media.type, url: drawn.media.url, volume: drawn.volume }
  return {
    current: q.current,
    content,
    label: tvItemLabel(q.current, q.plan, dated),
    upcoming: q.upcoming.map((item) => ({ key: `${item.start}-${item.entryIndex}`, start: item.start, label: tvItemLabel(item, q.plan, dated), duration: item.duration })),
    loading,
  }
}

/**
 * The stage, the footer, 'Agora' and 'A seguir'; moves on when the current
 * item ends. `portrait` draws a TV turned 90° or 270° (its content upright,
 * as people in the store see it); an override or a resting screen covers
 * the footer, as on the TV.
 */
export function Screen({
  shown,
  moment,
  timeZone,
  muted,
  bar,
  store,
  onMoment,
  portrait = false,
  screenLabel = 'Tela da prévia',
  clockLabel = 'Horário simulado',
}: {
  shown: Shown
  moment: number
  timeZone: string
  muted: boolean
  bar: BottomBar | null | undefined
  store?: string
  onMoment: (at: number) => void
  portrait?: boolean
  screenLabel?: string
  clockLabel?: string
}) {
  const { current } = shown
  React.useEffect(() => {
    if (shown.loading) return
    const end = nextMoment(current)
    const timer = window.setTimeout(() => onMoment(end), Math.max(0, end - moment))
    return () => window.clearTimeout(timer)
  }, [current, moment, onMoment, shown.loading])
  const covered = shown.content.kind === 'override' || shown.content.kind === 'rest'

  return (
    <>
      <div className={cn('overflow-hidden rounded-md border bg-black', portrait && 'mx-auto w-full max-w-72')}>
        <div className={cn('relative grid w-full place-items-center', portrait ? 'aspect-[9/16]' : 'aspect-video')} role="region" aria-label={screenLabel}>
          <Stage content={shown.content} muted={muted} />
          <span className="absolute right-2 top-2 rounded bg-black/70 px-1.5 text-xs text-white tabular-nums" aria-label={clockLabel}>
            {clockText(moment, timeZone)}
          </span>
        </div>
        {bar && !covered && <FooterPreview bar={bar} moment={moment} timeZone={timeZone} store={store} />}
      </div>
      <div className="grid gap-1 text-sm">
        <p className="font-medium" aria-label="Agora">
          Agora: {shown.label}
          {current.kind !== 'idle' && !covered && <span className="text-muted-foreground"> ({current.duration / 1000}s)</span>}
        </p>
        <h3 className="font-medium">A seguir</h3>
        {shown.upcoming.length === 0 ? (
          <p className="text-muted-foreground">Nada programado em seguida.</p>
        ) : (
          <ol aria-label="A seguir" className="grid gap-0.5">
            {shown.upcoming.map((item) => (
              <li key={item.key} className="flex gap-2">
                <span className="tabular-nums text-muted-foreground">{clockText(item.start, timeZone)}</span>
                <span>{item.label}</span>
                <span className="text-muted-foreground">{item.duration === null ? 'até ser encerrada' : `${seconds(item.duration)}s`}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  )
}
