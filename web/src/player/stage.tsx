// The stage: the screen's content turned by its contentOrientation, the
// media area that plays the schedule, and the footer under it; while the
// store is closed and its TVs rest, a black screen instead; while an
// emergency override is in force, the override over all of it (a resting
// screen too). The schedule is not played under an override: its loop
// follows the clock, so it comes back where it would be by then.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { openAt, type StoreHours } from '../lib/hours'
import { DEFAULT_TIME_ZONE } from '../lib/playback'
import { AdTurns, dayKey, localOnDay, planDay, playId, screenDatesOn, type AdPlay, type PlayerItem } from './ads'
import { FooterBar } from './footer-bar'
import { playbackFailed } from './health'
import type { MediaFiles } from './media-cache'
import { nextOverrideChange, overrideAt, type PlayerOverride } from './override'
import { orientationDegrees, shownFor, Timeline, type Shown } from './playlist'
import type { FooterData, PlayerAds, PlayerLocal, PlayerSchedule } from './protocol'
import type { StoredPlaylist } from './storage'
import { useAddress } from './use-address'

/** The crossfade between two items (player.css has the same). */
export const FADE_MS = 500
/** A file that neither loads nor fails within this long is shown anyway (black), so the loop goes on. */
export const READY_WITHIN_MS = 3_000
/** How often the screen checks whether its day turned (a new day has other advertisements). */
export const DAY_CHECK_MS = 20_000
/** How often a screen that rests while its store is closed checks whether the store opened or closed. */
export const HOURS_CHECK_MS = 1_000

interface Layer {
  shown: Shown
  ready: boolean
  /** The address being opened by the look-ahead, if any. */
  prepared?: Promise<string>
}

export function Stage({
  playlist,
  footer,
  now,
  media,
  onPlay,
}: {
  playlist: StoredPlaylist
  footer: FooterData | null
  now: () => number
  media: MediaFiles
  /** Called with each advertisement's play once it ends (proof of play). */
  onPlay?: (play: AdPlay) => void
}) {
  const { screen, schedule } = playlist
  const degrees = orientationDegrees(screen.contentOrientation)
  const timeZone = screen.timeZone || DEFAULT_TIME_ZONE
  // A playlist stored before the screen carried hours has neither: open, playing.
  const resting = useResting(now, screen.hours ?? null, screen.whenClosed ?? 'play', timeZone)
  const override = useOverride(now, screen.overrides)
  // The entries' dates, and the advertisements' media's, name calendar days
  // in the franchise's zone: played from 00:00 of the start day to the end of
  // the end day on this screen's clock. A playlist stored before the screen
  // named that zone reads them in the screen's own.
  const datesZone = screen.datesTimeZone || timeZone
  const { schedule: dated, ads, local } = useMemo(
    () => screenDatesOn(schedule, screen.ads, datesZone, timeZone, screen.local),
    [schedule, screen.ads, screen.local, datesZone, timeZone],
  )
  if (override)
    return (
      <div className={`stage r${degrees}`} data-stage="">
        <OverrideScreen override={override} media={media} />
      </div>
    )
  if (resting) return <Rest />
  return (
    <div className={`stage r${degrees}`} data-stage="">
      <div className="screen">
        {dated ? (
          <Playback schedule={dated} ads={ads ?? undefined} local={local ?? undefined} timeZone={timeZone} changedAt={playlist.changedAt} now={now} media={media} onPlay={onPlay} />
        ) : (
          <p className="notice" data-text="">
            Nenhuma programação vinculada a este televisor.
          </p>
        )}
      </div>
      {schedule?.bottomBar && <FooterBar bar={schedule.bottomBar} data={footer} timeZone={timeZone} now={now} media={media} />}
    </div>
  )
}

/**
 * Whether the screen rests now: its store rests its TVs while closed and is
 * closed on the screen's own clock (offline too), kept current.
 */
function useResting(now: () => number, hours: StoreHours | null, whenClosed: string, timeZone: string) {
  const rests = whenClosed === 'rest' && hours !== null
  const [closed, setClosed] = useState(() => rests && !openAt(hours, timeZone, now()))
  useEffect(() => {
    const check = () => setClosed(rests && !openAt(hours, timeZone, now()))
    check()
    if (!rests) return
    const timer = setInterval(check, HOURS_CHECK_MS)
    return () => clearInterval(timer)
  }, [rests, hours, timeZone, now])
  return closed
}

/** The override in force now on the screen's own clock, kept current: re-read at each start or end it carries. */
function useOverride(now: () => number, overrides: readonly PlayerOverride[] | undefined) {
  const [shown, setShown] = useState(() => overrideAt(overrides, now()))
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = () => {
      const at = now()
      setShown(overrideAt(overrides, at))
      const next = nextOverrideChange(overrides, at)
      // Timers drift and clocks get corrected: look again at least every few seconds while something is pending.
      if (next !== null) timer = setTimeout(check, Math.min(Math.max(next - at, 0) + 20, OVERRIDE_CHECK_MS))
    }
    check()
    return () => clearTimeout(timer)
  }, [overrides, now])
  return shown
}

/** The longest an override start or end waits to be noticed after a clock change. */
export const OVERRIDE_CHECK_MS = 5_000

/** An emergency override, full screen: its colours, title, text and optional image or video. */
function OverrideScreen({ override, media }: { override: PlayerOverride; media: MediaFiles }) {
  const address = useAddress(media, override.media?.url, undefined)
  return (
    <div className="override" data-override={override.id} role="alert" style={{ background: override.background, color: override.color }}>
      {override.media && address && (
        <div className="override-media">
          {override.media.type === 'video' ? (
            <video src={address} autoPlay muted loop playsInline className="contain" />
          ) : (
            <img src={address} alt="" className="contain" />
          )}
        </div>
      )}
      <h1 className="override-title" data-text="">
        {override.title}
      </h1>
      {override.text && (
        <p className="override-text" data-text="">
          {override.text}
        </p>
      )}
    </div>
  )
}

/**
 * The rest screen: black, nothing playing, no footer. The media stay cached
 * and the schedule resumes where it would be at opening. Said, not shown, to
 * assistive technology.
 */
function Rest() {
  return (
    <div className="rest" data-rest="">
      <p className="visually-hidden" role="status">
        Loja fechada: o televisor descansa até a abertura.
      </p>
    </div>
  )
}

/** The screen's day (yyyyMMdd in its zone), kept current. */
function useDay(now: () => number, timeZone: string) {
  const [day, setDay] = useState(() => dayKey(now(), timeZone))
  useEffect(() => {
    const check = () => setDay(dayKey(now(), timeZone))
    check()
    const timer = setInterval(check, DAY_CHECK_MS)
    return () => clearInterval(timer)
  }, [now, timeZone])
  return day
}

/** Plays the schedule: one layer per item, the newest fading in over the last. */
function Playback({
  schedule,
  ads,
  local,
  timeZone,
  changedAt,
  now,
  media,
  onPlay,
}: {
  schedule: PlayerSchedule
  ads: PlayerAds | undefined
  /** The store's approved items in the local spaces (no proof of play for them). */
  local: PlayerLocal | undefined
  timeZone: string
  changedAt: number
  now: () => number
  media: MediaFiles
  onPlay?: (play: AdPlay) => void
}) {
  const day = useDay(now, timeZone)
  const plan = useMemo(() => planDay(schedule, ads, day, localOnDay(local, day, timeZone)), [schedule, ads, local, day, timeZone])
  const turns = useRef(new AdTurns())
  const reportPlay = useRef(onPlay)
  useEffect(() => {
    reportPlay.current = onPlay
  }, [onPlay])
  const [layers, setLayers] = useState<Layer[]>([])
  const prepared = useRef(new Map<string, Promise<string>>())
  const topKey = useRef('')

  useEffect(() => {
    const waiting = prepared.current
    const { entries } = plan
    const adContext = { positions: plan.positions, ads, turns: turns.current, timeZone, local: plan.local, localMedia: local?.media }
    // The advertisement on screen, reported when it gives way.
    let playing: { play: AdPlay; shownAt: number; until: number } | null = null
    const endPlay = () => {
      if (!playing) return
      const { play, shownAt, until } = playing
      playing = null
      const duration = Math.max(0, Math.min(now(), until) - shownAt)
      if (duration >= 1_000) reportPlay.current?.({ ...play, duration })
    }
    const timeline = new Timeline({
      entries,
      timeZone,
      changedAt,
      now,
      onItem: (item: PlayerItem) => {
        const shown = shownFor(item, entries, schedule, adContext)
        if (shown.key !== topKey.current) {
          endPlay()
          if (shown.ad) {
            const at = now()
            playing = {
              play: { id: playId(), ...shown.ad, startedAt: at, duration: 0 },
              shownAt: at,
              until: item.start + item.duration,
            }
          }
        }
        const address = waiting.get(shown.key)
        waiting.delete(shown.key)
        // What was opened ahead for another item (the clock jumped) is given back.
        waiting.forEach((stale) => void stale.then((value) => media.release(value)))
        waiting.clear()
        // The same item again (the playlist was pushed again unchanged): nothing to redo.
        if (shown.key === topKey.current) {
          void address?.then((value) => media.release(value))
          return
        }
        topKey.current = shown.key
        setLayers((current) => [...current.slice(-2), { shown, ready: !shown.media, prepared: address }])
      },
      onAhead: (item: PlayerItem) => {
        const shown = shownFor(item, entries, schedule, adContext)
        if (shown.media && !waiting.has(shown.key)) waiting.set(shown.key, media.open(shown.media.url))
      },
    })
    timeline.start()
    return () => {
      timeline.stop()
      endPlay()
      waiting.forEach((stale) => void stale.then((value) => media.release(value)))
      waiting.clear()
    }
  }, [plan, ads, local, schedule, timeZone, changedAt, now, media])

  const ready = useCallback((key: string) => {
    setLayers((current) => current.map((layer) => (layer.shown.key === key && !layer.ready ? { ...layer, ready: true } : layer)))
  }, [])

  // Once the newest ready layer has faded in, the ones under it go.
  const topReady = [...layers].reverse().find((layer) => layer.ready)?.shown.key
  useEffect(() => {
    if (!topReady) return
    const timer = setTimeout(() => {
      setLayers((current) => {
        const index = current.findIndex((layer) => layer.shown.key === topReady)
        return index > 0 ? current.slice(index) : current
      })
    }, FADE_MS + 100)
    return () => clearTimeout(timer)
  }, [topReady])

  return (
    <>
      {layers.map((layer) => (
        <MediaLayer key={layer.shown.key} layer={layer} media={media} onReady={ready} />
      ))}
    </>
  )
}

/** One item on screen: black, with its image or video once loaded. */
function MediaLayer({ layer, media, onReady }: { layer: Layer; media: MediaFiles; onReady: (key: string) => void }) {
  const { shown, ready, prepared } = layer
  const address = useAddress(media, shown.media?.url, prepared)
  const key = shown.key
  const done = useCallback(() => onReady(key), [onReady, key])
  const name = shown.media?.name ?? ''
  const failed = useCallback(
    (message: string) => {
      playbackFailed(name, message)
      onReady(key)
    },
    [name, onReady, key],
  )

  useEffect(() => {
    if (ready) return
    const timer = setTimeout(done, READY_WITHIN_MS)
    return () => clearTimeout(timer)
  }, [ready, done])

  const fit = shown.stretch ? 'fill' : 'contain'
  let content = null
  if (shown.media && address) {
    content =
      shown.media.type === 'video' ? (
        <Video src={address} volume={shown.volume} fit={fit} onPlaying={done} onFailed={failed} />
      ) : (
        <img src={address} alt="" className={fit} onLoad={done} onError={() => failed('A imagem não pôde ser carregada')} />
      )
  }
  return (
    <div className={ready ? 'layer ready' : 'layer'} data-layer="" data-ready={ready ? 'true' : 'false'} data-media={shown.media?.name ?? ''}>
      {content}
    </div>
  )
}

/**
 * A video at its entry's volume. Browsers refuse to start a video with
 * sound before any user gesture unless told otherwise (kiosk flags): then
 * it plays muted rather than not at all. It loops if shorter than its
 * display time.
 */
function Video({ src, volume, fit, onPlaying, onFailed }: { src: string; volume: number; fit: string; onPlaying: () => void; onFailed: (message: string) => void }) {
  const ref = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    const video = ref.current
    if (!video) return
    video.volume = volume
    video.muted = volume === 0
    const started = video.play()
    // Chrome 80 returns a promise; anything older returns nothing.
    if (started && typeof started.catch === 'function') {
      started.catch(() => {
        video.muted = true
        video.play().catch(() => onPlaying())
      })
    }
  }, [src, volume, onPlaying])
  return <video ref={ref} src={src} className={fit} muted={volume === 0} playsInline loop preload="auto" onPlaying={onPlaying} onError={() => onFailed(ref.current?.error?.message || `O vídeo não pôde ser reproduzido (código ${ref.current?.error?.code ?? '?'})`)} />
}
