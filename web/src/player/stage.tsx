// The stage: the screen's content turned by its contentOrientation, the
// media area that plays the schedule, and the footer under it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { DEFAULT_TIME_ZONE, type PlaybackItem } from '../lib/playback'
import { FooterBar } from './footer-bar'
import type { MediaFiles } from './media-cache'
import { orientationDegrees, playableEntries, shownFor, Timeline, type Shown } from './playlist'
import type { FooterData, PlayerSchedule } from './protocol'
import type { StoredPlaylist } from './storage'
import { useAddress } from './use-address'

/** The crossfade between two items (player.css has the same). */
export const FADE_MS = 500
/** A file that neither loads nor fails within this long is shown anyway (black), so the loop goes on. */
export const READY_WITHIN_MS = 3_000

interface Layer {
  shown: Shown
  ready: boolean
  /** The address being opened by the look-ahead, if any. */
  prepared?: Promise<string>
}

export function Stage({ playlist, footer, now, media }: { playlist: StoredPlaylist; footer: FooterData | null; now: () => number; media: MediaFiles }) {
  const { screen, schedule } = playlist
  const degrees = orientationDegrees(screen.contentOrientation)
  const timeZone = screen.timeZone || DEFAULT_TIME_ZONE
  return (
    <div className={`stage r${degrees}`} data-stage="">
      <div className="screen">
        {schedule ? (
          <Playback schedule={schedule} timeZone={timeZone} changedAt={playlist.changedAt} now={now} media={media} />
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

/** Plays the schedule: one layer per item, the newest fading in over the last. */
function Playback({
  schedule,
  timeZone,
  changedAt,
  now,
  media,
}: {
  schedule: PlayerSchedule
  timeZone: string
  changedAt: number
  now: () => number
  media: MediaFiles
}) {
  const entries = useMemo(() => playableEntries(schedule), [schedule])
  const [layers, setLayers] = useState<Layer[]>([])
  const prepared = useRef(new Map<string, Promise<string>>())
  const topKey = useRef('')

  useEffect(() => {
    const waiting = prepared.current
    const timeline = new Timeline({
      entries,
      timeZone,
      changedAt,
      now,
      onItem: (item: PlaybackItem) => {
        const shown = shownFor(item, entries, schedule)
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
      onAhead: (item: PlaybackItem) => {
        const shown = shownFor(item, entries, schedule)
        if (shown.media && !waiting.has(shown.key)) waiting.set(shown.key, media.open(shown.media.url))
      },
    })
    timeline.start()
    return () => {
      timeline.stop()
      waiting.forEach((stale) => void stale.then((value) => media.release(value)))
      waiting.clear()
    }
  }, [entries, schedule, timeZone, changedAt, now, media])

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
        <Video src={address} volume={shown.volume} fit={fit} onPlaying={done} />
      ) : (
        <img src={address} alt="" className={fit} onLoad={done} onError={done} />
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
function Video({ src, volume, fit, onPlaying }: { src: string; volume: number; fit: string; onPlaying: () => void }) {
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
  return <video ref={ref} src={src} className={fit} muted={volume === 0} playsInline loop preload="auto" onPlaying={onPlaying} onError={onPlaying} />
}
