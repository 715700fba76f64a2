import * as React from 'react'
import { Clock, Volume2, VolumeX } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { DEFAULT_TIME_ZONE, type PlaybackItem } from '@/lib/playback'
import { useSession } from '@/lib/session'
import { zoneLabel } from '@/lib/time-zones'
import { AdTurns, dayKey } from '@/player/ads'
import { useDisplays, type Display } from '@/features/displays'
import { useDisplayScreen, type DisplayScreen } from '../api/get-display-screen'
import { useSchedule } from '../api/get-schedule'
import type { BottomBar, Schedule } from '../api/types'
import { fromWallInput, previewQueue, toWallInput } from '../preview'
import { Screen, tvShown, type Shown, type StageContent } from './tv-screen'

type Props = {
  franchise: string
  /** The schedule to play and when the operator asked; the dialog is open while it is set. */
  preview: { scheduleId: string; at: number } | undefined
  onClose: () => void
}

/** The 'Prévia como' choice that plays the schedule itself (spec 2 §4), every slot a 'Slot'. */
const AS_SCHEDULE = '__schedule__'

/**
 * 'Ver prévia': plays the schedule as a screen of the franchise would, from
 * the moment it was opened or one the operator picks, with the lib/playback
 * rules — or, 'Prévia como' a TV linked to it, as that TV's player plays it
 * on the chosen day, advertisements in their sold positions.
 */
export function PreviewDialog({ franchise, preview, onClose }: Props) {
  return (
    <Dialog open={!!preview} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[95vh] overflow-y-auto sm:max-w-3xl">
        {preview && <PreviewBody key={`${preview.scheduleId}@${preview.at}`} franchise={franchise} scheduleId={preview.scheduleId} openedAt={preview.at} />}
      </DialogContent>
    </Dialog>
  )
}

function PreviewBody({ franchise, scheduleId, openedAt }: { franchise: string; scheduleId: string; openedAt: number }) {
  const groupZone = useSession().franchise?.timeZone || DEFAULT_TIME_ZONE
  const schedule = useSchedule(franchise, scheduleId)
  const displays = useDisplays(franchise, { live: false })
  const linked = React.useMemo(() => (displays.data ?? []).filter((tv) => tv.schedule === scheduleId), [displays.data, scheduleId])
  const [target, setTarget] = React.useState(AS_SCHEDULE)
  const tv = linked.find((d) => d.id === target)
  // A TV runs on its store's clock: its zone comes with its screen.
  const [tvZones, setTvZones] = React.useState<Record<string, string>>({})
  const onTvZone = React.useCallback((id: string, zone: string) => setTvZones((known) => (known[id] === zone ? known : { ...known, [id]: zone })), [])
  const timeZone = (tv && tvZones[tv.id]) || groupZone
  // The simulated instant: where the preview is, on the screens' clock.
  const [moment, setMoment] = React.useState(openedAt)
  const [muted, setMuted] = React.useState(true)
  const [clockInput, setClockInput] = React.useState(() => toWallInput(openedAt, timeZone))
  // Another clock (a TV of another zone chosen) shows the same instant on its own wall time.
  const [inputZone, setInputZone] = React.useState(timeZone)
  if (inputZone !== timeZone) {
    setInputZone(timeZone)
    setClockInput(toWallInput(moment, timeZone))
  }

  const jumpTo = (value: string) => {
    setClockInput(value)
    const at = fromWallInput(value, timeZone)
    if (at !== null) setMoment(at)
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Prévia da programação</DialogTitle>
        <DialogDescription>{schedule.data?.name ?? 'Carregando...'}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="preview-target">Prévia como</Label>
          <Select value={tv ? tv.id : AS_SCHEDULE} onValueChange={setTarget}>
            <SelectTrigger id="preview-target" className="w-60">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={AS_SCHEDULE}>Programação (todas as vagas)</SelectItem>
              {linked.map((d) => (
                <SelectItem key={d.id} value={d.id}>
                  Televisor {d.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="preview-moment">Data e hora da prévia</Label>
          <Input
            id="preview-moment"
            type="datetime-local"
            value={clockInput}
            onChange={(event) => jumpTo(event.target.value)}
            className="w-56"
            aria-describedby="preview-zone"
          />
        </div>
        <Button type="button" variant="outline" onClick={() => jumpTo(toWallInput(Date.now(), timeZone))}>
          <Clock /> Agora
        </Button>
        <Button type="button" variant="outline" onClick={() => setMuted((m) => !m)} aria-pressed={!muted}>
          {muted ? <VolumeX /> : <Volume2 />} {muted ? 'Sem som' : 'Com som'}
        </Button>
      </div>
      <p id="preview-zone" className="text-xs text-muted-foreground">
        Fuso horário: {zoneLabel(timeZone)}
        {tv ? ' (o da loja do televisor)' : ''}
      </p>
      {displays.data && linked.length === 0 && (
        <p className="text-xs text-muted-foreground">Vincule a programação a um televisor para ver a prévia como ele a exibe, com os anúncios vendidos.</p>
      )}
      {schedule.isLoading || !schedule.data ? (
        <Skeleton className="aspect-video w-full" />
      ) : tv ? (
        <TvPreview key={tv.id} franchise={franchise} tv={tv} bar={schedule.data.bottomBar} moment={moment} timeZone={timeZone} datesZone={groupZone} muted={muted} onMoment={setMoment} onZone={onTvZone} />
      ) : (
        <SchedulePreview schedule={schedule.data} moment={moment} timeZone={timeZone} muted={muted} onMoment={setMoment} />
      )}
    </>
  )
}

/** The spec's preview: the schedule's entries, every slot a 'Slot'. */
function SchedulePreview({ schedule, moment, timeZone, muted, onMoment }: { schedule: Schedule; moment: number; timeZone: string; muted: boolean; onMoment: (at: number) => void }) {
  const entries = schedule.media
  const shown = React.useMemo((): Shown => {
    const { current, upcoming } = previewQueue(entries, moment, timeZone, schedule.updatedAt)
    // No store is chosen: a local space shows its fallback, as a store with nothing approved sees it.
    const nameOf = (item: PlaybackItem) =>
      item.kind === 'slot' ? 'Slot' : item.kind === 'local' ? `${entries[item.entryIndex]?.name || 'Espaço local'} (espaço local, mídia padrão)` : (entries[item.entryIndex]?.name ?? '')
    const entry = current.entryIndex >= 0 ? entries[current.entryIndex] : undefined
    const content: StageContent =
      current.kind === 'idle' || !entry
        ? { kind: 'idle' }
        : current.kind === 'slot'
          ? { kind: 'slot', duration: current.duration }
          : current.kind === 'local'
            ? { kind: 'local', name: entry.name, duration: current.duration }
          : { kind: 'media', key: `${current.start}-${current.entryIndex}`, name: entry.name, type: entry.type === 'video' ? 'video' : 'image', url: entry.url ?? '', volume: entry.volume ?? 1 }
    return {
      current,
      content,
      label: current.kind === 'idle' ? 'nada' : nameOf(current),
      upcoming: upcoming.map((item) => ({ key: `${item.start}-${item.entryIndex}`, start: item.start, label: nameOf(item), duration: item.duration })),
      loading: false,
    }
  }, [entries, moment, timeZone, schedule.updatedAt])
  return <Screen shown={shown} moment={moment} timeZone={timeZone} muted={muted} bar={schedule.bottomBar} onMoment={onMoment} />
}

/** The preview as a TV: its player's plan of the day, sold positions with their advertisements. */
function TvPreview({
  franchise,
  tv,
  bar,
  moment,
  timeZone,
  datesZone,
  muted,
  onMoment,
  onZone,
}: {
  franchise: string
  tv: Display
  bar: BottomBar | null | undefined
  moment: number
  timeZone: string
  /** The group's zone, in which the entries' dates were written. */
  datesZone: string
  muted: boolean
  onMoment: (at: number) => void
  onZone: (id: string, zone: string) => void
}) {
  // The day asked is the TV's local day: the group's until its screen names its store's zone.
  const screen = useDisplayScreen({ franchise, store: tv.store, id: tv.id }, dayKey(moment, timeZone))
  const screenZone = screen.data?.timeZone
  React.useEffect(() => {
    if (screenZone) onZone(tv.id, screenZone)
  }, [screenZone, tv.id, onZone])
  // The advertisements' media take turns as on the TV, for as long as this TV is previewed.
  const [turns] = React.useState(() => new AdTurns())
  const data: DisplayScreen | undefined = screen.data
  const shown = React.useMemo((): Shown | null => {
    if (!data) return null
    // The entries' dates name days in the group's zone, played on the TV's clock.
    return tvShown({ schedule: data.schedule, ads: data.ads, local: data.local, timeZone: data.timeZone || timeZone }, datesZone, moment, turns, screen.isPlaceholderData)
  }, [data, moment, timeZone, datesZone, turns, screen.isPlaceholderData])
  if (!shown) return <Skeleton className="aspect-video w-full" />
  return <Screen shown={shown} moment={moment} timeZone={timeZone} muted={muted} bar={bar} store={tv.store} onMoment={onMoment} />
}
