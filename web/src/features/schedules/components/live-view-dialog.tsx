import * as React from 'react'
import { CircleCheck, TriangleAlert, WifiOff } from 'lucide-react'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { displayStatus, useDisplays, type Display, type DisplayRef } from '@/features/displays'
import { openAt } from '@/lib/hours'
import { DEFAULT_TIME_ZONE, localTime } from '@/lib/playback'
import { useSession } from '@/lib/session'
import { zoneLabel } from '@/lib/time-zones'
import { AdTurns } from '@/player/ads'
import { overrideAt } from '@/player/override'
import { useDisplayLive, type DisplayLive } from '../api/get-display-live'
import { overrideLabel, upcomingWithOverrides, type ScheduleAt } from '../override-timeline'
import { UPCOMING_COUNT } from '../preview'
import { clockText, Screen, tvShown, type Shown } from './tv-screen'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string | undefined
  /** The TV; kept by the caller while the dialog closes. */
  display: Display | undefined
}

const pad = (n: number) => String(n).padStart(2, '0')

/** dd/MM/yyyy HH:mm on the TV's clock. */
function wallText(moment: number, timeZone: string) {
  const t = localTime(moment, timeZone)
  return `${pad(t.day)}/${pad(t.month)}/${t.year} ${pad(t.hour)}:${pad(t.minute)}`
}

/**
 * 'Ver ao vivo': what the TV shows now and next, in its orientation, with
 * its footer and on its store's clock, computed by the player's own rules
 * from the screen the server pushes and the schedule its player last
 * acknowledged (GET …/live). It follows pushes as they happen (the tab's
 * event stream marks it stale; polling while the stream is down) and never
 * asks the box for anything.
 */
export function LiveViewDialog({ open, onOpenChange, franchise, display }: Props) {
  const ref = franchise && display ? { franchise, store: display.store, id: display.id } : undefined
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[95vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Ao vivo</DialogTitle>
          <DialogDescription>
            {display ? `Televisor ${display.name} (${display.device}): ` : ''}o que ele exibe agora e em seguida, pelas regras do player, a partir da última
            programação que confirmou.
          </DialogDescription>
        </DialogHeader>
        {open && ref && display && <LiveBody key={`${ref.store}/${ref.id}`} displayRef={ref} display={display} />}
      </DialogContent>
    </Dialog>
  )
}

function LiveBody({ displayRef, display }: { displayRef: DisplayRef; display: Display }) {
  const session = useSession()
  const serverDiff = session.user?.serverDiff ?? 0
  const groupZone = session.franchise?.timeZone || DEFAULT_TIME_ZONE
  const live = useDisplayLive(displayRef)
  // The TV list follows the TV's status live (the event stream writes into it).
  const displays = useDisplays(displayRef.franchise, { live: false })
  // Whichever was read last knows the TV's status best: every connection,
  // ack and disconnection moves lastConnectionAck on.
  const listed = displays.data?.find((d) => d.id === displayRef.id)
  const read = live.data?.display
  const tv = listed && (!read || listed.lastConnectionAck > read.lastConnectionAck) ? listed : (read ?? listed ?? display)
  // The TV's clock is the server's: the player corrects its own by serverTime.
  const [moment, setMoment] = React.useState(() => Date.now() - serverDiff)
  React.useEffect(() => {
    const timer = window.setInterval(() => setMoment(Date.now() - serverDiff), 1_000)
    return () => window.clearInterval(timer)
  }, [serverDiff])
  // The advertisements' media take turns as on the TV, for as long as the view is open.
  const [turns] = React.useState(() => new AdTurns())

  const data = live.data
  if (!data) {
    if (live.isError) return <p className="text-sm text-destructive">Não foi possível carregar o que o televisor exibe.</p>
    return <Skeleton className="aspect-video w-full" />
  }
  const zone = data.screen.timeZone || groupZone
  const offline = displayStatus(tv, serverDiff) === 'offline'
  return (
    <>
      <LiveNote live={data} offline={offline} lastAck={tv.lastConnectionAck} timeZone={zone} />
      <LiveScreen live={data} moment={moment} groupZone={groupZone} turns={turns} onMoment={setMoment} />
      <p className="text-xs text-muted-foreground">
        Horário da loja: {zoneLabel(zone)}. {data.screen.contentOrientation % 2 === 1 ? 'Televisor vertical' : 'Televisor horizontal'}
        {data.screen.contentOrientation > 0 ? `, conteúdo girado ${data.screen.contentOrientation * 90}°` : ''}.
      </p>
    </>
  )
}

/** What the view plays: the screen's override or rest first, as on the TV, then the schedule's plan. */
function LiveScreen({ live, moment, groupZone, turns, onMoment }: { live: DisplayLive; moment: number; groupZone: string; turns: AdTurns; onMoment: (at: number) => void }) {
  const { screen, schedule } = live
  const zone = screen.timeZone || groupZone
  // The entries' dates name days in the group's zone, played on the TV's clock.
  const datesZone = screen.datesTimeZone || zone
  const shown = React.useMemo((): Shown => {
    const view = { schedule, ads: screen.ads, local: screen.local, timeZone: zone }
    const played = tvShown(view, datesZone, moment, turns)
    const override = overrideAt(screen.overrides, moment)
    if (!override && screen.whenClosed === 'rest' && screen.hours && !openAt(screen.hours, zone, moment)) {
      return { ...played, content: { kind: 'rest' }, label: 'tela preta (loja fechada)', upcoming: [] }
    }
    if (!override && !screen.overrides?.length) return played
    // The messages cut the schedule: what follows comes after them. Later
    // moments are drawn with turns of their own, the view's stay as on the TV.
    const later = new AdTurns()
    const scheduleAt: ScheduleAt = (at) => {
      const s = at === moment ? played : tvShown(view, datesZone, at, later)
      const current = s.current.kind === 'idle' ? null : { key: `${s.current.start}-${s.current.entryIndex}`, start: s.current.start, label: s.label, duration: s.current.duration }
      return { current, upcoming: s.upcoming }
    }
    const upcoming = upcomingWithOverrides(screen.overrides, moment, scheduleAt, UPCOMING_COUNT)
    if (!override) return { ...played, upcoming }
    const until = override.end > 0 ? ` (até ${clockText(override.end, zone)})` : ' (até ser encerrada)'
    return { ...played, content: { kind: 'override', override }, label: `${overrideLabel(override)}${until}`, upcoming }
  }, [schedule, screen, zone, datesZone, moment, turns])
  if (!schedule && shown.content.kind !== 'override' && shown.content.kind !== 'rest') {
    return <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">Nenhuma programação vinculada a este televisor.</p>
  }
  return (
    <Screen
      shown={shown}
      moment={moment}
      timeZone={zone}
      muted
      bar={schedule?.bottomBar}
      store={screen.store}
      onMoment={onMoment}
      portrait={screen.contentOrientation % 2 === 1}
      screenLabel="Tela do televisor"
      clockLabel="Horário da loja"
    />
  )
}

type Waiting = NonNullable<DisplayLive['waiting']>

/** What waits for a TV that has not taken the latest change of its screen. */
function waitingText(waiting: Waiting) {
  if (waiting.change === 'unlinked') return 'Programação desvinculada, aguardando a TV.'
  if (waiting.change === 'version') return `Nova versão da programação aguardando a TV: ${waiting.scheduleName}.`
  return `Nova programação aguardando a TV: ${waiting.scheduleName}.`
}

/** Whether what is shown is what the TV confirmed, what waits for it, and since when the box is offline. */
function LiveNote({ live, offline, lastAck, timeZone }: { live: DisplayLive; offline: boolean; lastAck: number; timeZone: string }) {
  const acked = live.display.ackedAt
  const warn = 'flex items-start gap-2 rounded-lg border border-amber-600/40 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200'
  if (offline) {
    return (
      <p role="status" className={warn}>
        <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {lastAck > 0 ? `Televisor offline desde ${wallText(lastAck, timeZone)}.` : 'Este televisor ainda não se conectou.'}{' '}
          {live.waiting
            ? // The TV plays on what it has: the change reaches it when it connects.
              `${waitingText(live.waiting)} ${
                live.display.ackedHash === ''
                  ? 'A TV segue sem programação até se conectar.'
                  : `A TV mostra a anterior até se conectar.${live.shows === 'acknowledged' ? '' : ' A anterior não está mais guardada; mostrando a nova.'}`
              }`
            : acked > 0
              ? live.shows === 'acknowledged' || live.confirmed
                ? 'Mostrando a última programação que ele confirmou.'
                : 'A programação que ele confirmou por último não está mais guardada; mostrando a atual.'
              : 'Mostrando a programação atual, que ele exibirá ao se conectar.'}
        </span>
      </p>
    )
  }
  if (live.confirmed) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-400">
        <CircleCheck className="size-4 shrink-0" aria-hidden="true" /> A TV confirmou esta programação às {clockText(acked, timeZone)}.
      </p>
    )
  }
  return (
    <p role="status" className={warn}>
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {live.waiting && live.waiting.change !== 'version' ? waitingText(live.waiting) : 'Aguardando a TV confirmar a última alteração.'}{' '}
        {live.shows === 'acknowledged'
          ? `Mostrando a programação que ela confirmou às ${clockText(acked, timeZone)}.`
          : acked > 0
            ? 'A versão que ela confirmou antes não está mais guardada; mostrando a atual.'
            : 'Mostrando a programação atual.'}
      </span>
    </p>
  )
}
