import * as React from 'react'
import { Clock, Volume2, VolumeX } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { DEFAULT_TIME_ZONE, type PlaybackItem } from '@/lib/playback'
import { useSession } from '@/lib/session'
import { useSchedule } from '../api/get-schedule'
import type { ScheduleEntry } from '../api/types'
import { advance, fromWallInput, previewQueue, toWallInput, type PreviewCursor } from '../preview'
import { FooterPreview } from './footer-preview'

type Props = {
  franchise: string
  /** The schedule to play and when the operator asked; the dialog is open while it is set. */
  preview: { scheduleId: string; at: number } | undefined
  onClose: () => void
}

const pad = (n: number) => String(n).padStart(2, '0')

function clockText(moment: number, timeZone: string) {
  return toWallInput(moment, timeZone).slice(11) + ':' + pad(Math.floor((moment / 1000) % 60))
}

function Stage({ item, entry, muted }: { item: PlaybackItem; entry: ScheduleEntry | undefined; muted: boolean }) {
  if (item.kind === 'idle' || !entry) {
    return <p className="text-sm text-white/70">Nenhuma mídia para exibir agora. Verificando novamente em 1 s…</p>
  }
  if (item.kind === 'slot') {
    return (
      <div className="grid place-items-center gap-1 text-white" aria-label="Slot">
        <span className="text-3xl font-bold">Slot</span>
        <span className="text-sm text-white/70">{item.duration / 1000}s</span>
      </div>
    )
  }
  if (entry.type === 'video') {
    return (
      <video
        key={`${item.start}-${item.entryIndex}`}
        src={entry.url}
        aria-label={entry.name}
        autoPlay
        muted={muted}
        playsInline
        className="size-full object-contain"
        ref={(video) => {
          if (video) video.volume = Math.min(1, Math.max(0, entry.volume ?? 1))
        }}
      />
    )
  }
  return <img key={`${item.start}-${item.entryIndex}`} src={entry.url} alt={entry.name} className="size-full object-contain" />
}

/**
 * 'Ver prévia': plays the schedule as a screen of the franchise would, from
 * the moment it was opened or one the operator picks, with the lib/playback rules.
 */
export function PreviewDialog({ franchise, preview, onClose }: Props) {
  return (
    <Dialog open={!!preview} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        {preview && <PreviewBody key={`${preview.scheduleId}@${preview.at}`} franchise={franchise} scheduleId={preview.scheduleId} openedAt={preview.at} />}
      </DialogContent>
    </Dialog>
  )
}

function PreviewBody({ franchise, scheduleId, openedAt }: { franchise: string; scheduleId: string; openedAt: number }) {
  const timeZone = useSession().franchise?.timeZone || DEFAULT_TIME_ZONE
  const schedule = useSchedule(franchise, scheduleId)
  const entries = React.useMemo(() => schedule.data?.media ?? [], [schedule.data])
  const [cursor, setCursor] = React.useState<PreviewCursor>({ at: openedAt, position: 0 })
  const [muted, setMuted] = React.useState(true)
  const [clockInput, setClockInput] = React.useState(() => toWallInput(openedAt, timeZone))

  const { current, upcoming } = React.useMemo(() => previewQueue(entries, cursor, timeZone), [entries, cursor, timeZone])

  const loaded = !!schedule.data
  React.useEffect(() => {
    if (!loaded) return
    const timer = window.setTimeout(() => setCursor((c) => advance(c, current)), current.duration)
    return () => window.clearTimeout(timer)
  }, [loaded, current])

  const jumpTo = (value: string) => {
    setClockInput(value)
    const moment = fromWallInput(value, timeZone)
    if (moment !== null) setCursor({ at: moment, position: 0 })
  }

  const entryAt = (item: PlaybackItem) => (item.entryIndex >= 0 ? entries[item.entryIndex] : undefined)
  const currentEntry = entryAt(current)
  const bar = schedule.data?.bottomBar

  return (
    <>
      <DialogHeader>
        <DialogTitle>Prévia da programação</DialogTitle>
        <DialogDescription>{schedule.data?.name ?? 'Carregando...'}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="preview-moment">Data e hora da prévia</Label>
          <Input id="preview-moment" type="datetime-local" value={clockInput} onChange={(event) => jumpTo(event.target.value)} className="w-56" />
        </div>
        <Button type="button" variant="outline" onClick={() => jumpTo(toWallInput(Date.now(), timeZone))}>
          <Clock /> Agora
        </Button>
        <Button type="button" variant="outline" onClick={() => setMuted((m) => !m)} aria-pressed={!muted}>
          {muted ? <VolumeX /> : <Volume2 />} {muted ? 'Sem som' : 'Com som'}
        </Button>
        <span className="ml-auto text-sm text-muted-foreground tabular-nums" aria-label="Horário simulado">
          {clockText(current.start, timeZone)}
        </span>
      </div>
      {schedule.isLoading ? (
        <Skeleton className="aspect-video w-full" />
      ) : (
        <div className="overflow-hidden rounded-md border bg-black">
          <div className="grid aspect-video w-full place-items-center" role="region" aria-label="Tela da prévia">
            <Stage item={current} entry={currentEntry} muted={muted} />
          </div>
          {bar && <FooterPreview bar={bar} moment={current.start} timeZone={timeZone} />}
        </div>
      )}
      <div className="grid gap-1 text-sm">
        <p className="font-medium">
          Agora: {current.kind === 'idle' ? 'nada' : current.kind === 'slot' ? 'Slot' : (currentEntry?.name ?? '')}
          {current.kind !== 'idle' && <span className="text-muted-foreground"> ({current.duration / 1000}s)</span>}
        </p>
        <h3 className="font-medium">A seguir</h3>
        {upcoming.length === 0 ? (
          <p className="text-muted-foreground">Nada programado em seguida.</p>
        ) : (
          <ol aria-label="A seguir" className="grid gap-0.5">
            {upcoming.map((item) => (
              <li key={`${item.start}-${item.entryIndex}`} className="flex gap-2">
                <span className="tabular-nums text-muted-foreground">{clockText(item.start, timeZone)}</span>
                <span>{item.kind === 'slot' ? 'Slot' : (entryAt(item)?.name ?? '')}</span>
                <span className="text-muted-foreground">{item.duration / 1000}s</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  )
}
