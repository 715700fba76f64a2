import * as React from 'react'
import { ArrowLeft, Loader2, Plus } from 'lucide-react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { errorToast, toast } from '@/hooks/use-toast'
import { errorText, isApiError, isServerError } from '@/lib/api-client'
import { messageForCode, unknownErrorMessage } from '@/lib/errors'
import { requireFranchise, requireUser } from '@/lib/guards'
import { chunk, lazyComponent } from '@/lib/lazy'
import { useSession } from '@/lib/session'
import { spansZones } from '@/lib/time-zones'
import { useCreateAd } from '../api/create-ad'
import { useAdMap } from '../api/get-ad-map'
import type { AdMapScreen } from '../api/types'
import {
  AD_CALENDAR_MESSAGES,
  calendarDays,
  chooseSlot,
  dayEndMs,
  daysBetween,
  dayStartMs,
  dayText,
  isDayAvailable,
  nextSelection,
  selectedPeriod,
  shownDays,
  shownScreens,
  type AdSelection,
  type CalendarFilter,
} from '../calendar'
import { useFollowForbidden } from '../permission'
import { newAdParams } from '../new-ad-params'
import type { NewAdValues } from '../schemas'
import { AdCalendarGrid } from './ad-calendar-grid'
import { CalendarFilters } from './calendar-filters'

// The form comes only to a page reached without a name and duration.
const NewAdDialog = lazyComponent(chunk(() => import('./new-ad-dialog')), (m) => m.NewAdDialog)

/** 'Novo Anúncio' (/ads-center/new?name=…&duration=…): pick a period on a screen, then book it (spec 2 §2, §4). */
export function NewAdPage() {
  const [search] = useSearchParams()
  const params = newAdParams(search)
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Novo Anúncio"
        description={params ? `${params.name} · ${params.duration}s por exibição` : undefined}
        actions={
          <Button asChild variant="outline">
            <Link to="/ads-center">
              <ArrowLeft /> Voltar
            </Link>
          </Button>
        }
      />
      {params ? <AdBooking ad={params} /> : <MissingParams name={search.get('name') ?? ''} />}
    </div>
  )
}

/** Reached without a name and duration (a typed address): the 'New Ad' dialog asks for them. */
function MissingParams({ name }: { name: string }) {
  const [open, setOpen] = React.useState(true)
  const defaults = React.useMemo(() => ({ name }), [name])
  return (
    <div className="grid justify-items-start gap-3">
      <p className="text-muted-foreground">Informe o nome e a duração do anúncio para escolher as telas e os dias.</p>
      <Button onClick={() => setOpen(true)}>
        <Plus /> New Ad
      </Button>
      <React.Suspense fallback={null}>
        <NewAdDialog open={open} onOpenChange={setOpen} defaults={defaults} />
      </React.Suspense>
    </div>
  )
}

function AdBooking({ ad }: { ad: NewAdValues }) {
  const navigate = useNavigate()
  const { user, franchise } = useSession()
  const slug = franchise?.slug ?? ''
  const map = useAdMap(franchise?.slug)
  useFollowForbidden(map.error)
  const create = useCreateAd()
  const [selection, setSelection] = React.useState<AdSelection>(null)
  const [filter, setFilter] = React.useState<CalendarFilter>({ name: '' })

  // The server's days: from today on the screens' clock, for 6 months.
  const { from, days: dayCount, data: allScreens } = map.data ?? { from: '', days: 0, data: [] }
  const days = React.useMemo(() => (from ? calendarDays(from, dayCount) : []), [from, dayCount])
  const columns = React.useMemo(() => shownDays(days, filter), [days, filter])
  const screens = React.useMemo(() => shownScreens(allScreens, filter, columns), [allScreens, filter, columns])
  const chosen = selection ? allScreens.find((screen) => screen.displayId === selection.displayId) : undefined
  // A lone first day is a one-day booking: 'Continuar' books it from that day to that day.
  const period = selectedPeriod(selection)
  const chosenDays = period ? daysBetween(period.from, period.to).length : 0

  const onDayClick = React.useCallback(
    (screen: AdMapScreen, day: string, available: boolean) =>
      setSelection((current) => nextSelection(current, screen.displayId, day, available, (d) => isDayAvailable(screen.dayMap?.[d]))),
    [],
  )

  const onContinue = () => {
    if (!requireUser(user) || !requireFranchise(slug)) return
    if (!map.data || !period || !chosen) return errorToast(AD_CALENDAR_MESSAGES.noSelection)
    if (!chosen.scheduleId) return errorToast(AD_CALENDAR_MESSAGES.noSchedule)
    // 1061 'Loja não encontrada.'
    if (!chosen.storeId) return errorToast(messageForCode(1061))
    const choice = chooseSlot(chosen, daysBetween(period.from, period.to), ad.duration)
    if ('error' in choice) return errorToast(choice.error)
    const { timeZone } = map.data
    create.mutate(
      {
        franchise: slug,
        name: ad.name,
        displayTime: ad.duration,
        startAt: dayStartMs(period.from, timeZone),
        endsAt: dayEndMs(period.to, timeZone),
        displays: [{ displayId: chosen.displayId, slotId: choice.slotId, scheduleId: chosen.scheduleId, storeSlug: chosen.storeId }],
      },
      {
        onSuccess: ({ advertise }) => {
          toast({ title: 'Anúncio criado' })
          void navigate(`/ads-center/${encodeURIComponent(advertise.id)}`)
        },
        // Refused (someone took the position first): the map is read again; pick anew.
        onError: (error) => {
          if (isApiError(error) && isServerError(error)) setSelection(null)
        },
      },
    )
  }

  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-[1fr_18rem]">
      <div className="grid min-w-0 content-start gap-3">
        {days.length > 0 && <CalendarFilters value={filter} onChange={setFilter} first={days[0]} last={days[days.length - 1]} />}
        <Legend />
        {spansZones(screens.map((screen) => screen.timeZone)) && (
          <p className="text-xs text-muted-foreground">
            Os dias seguem o fuso de cada loja: um dia já encerrado no relógio de uma tela aparece indisponível nela.
          </p>
        )}
        {map.isLoading ? (
          <Skeleton className="h-[560px] w-full" />
        ) : map.isError ? (
          <p className="rounded-md border p-6 text-center text-muted-foreground">{errorText(map.error, unknownErrorMessage)}</p>
        ) : !allScreens.length ? (
          <p className="rounded-md border p-6 text-center text-muted-foreground">
            Nenhuma tela com vaga para anúncios. Adicione uma vaga em uma programação vinculada a um televisor.
          </p>
        ) : screens.length === 0 || columns.length === 0 ? (
          <p className="rounded-md border p-6 text-center text-muted-foreground">Nenhuma tela disponível com esses filtros.</p>
        ) : (
          <AdCalendarGrid screens={screens} days={columns} selection={selection} onDayClick={onDayClick} />
        )}
      </div>
      <Card className="content-start self-start" aria-label="Seleção">
        <CardHeader>
          <CardTitle className="text-base">Seleção</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
            <dt className="text-muted-foreground">De:</dt>
            <dd className="tabular-nums">{period ? dayText(period.from) : '—'}</dd>
            <dt className="text-muted-foreground">Até:</dt>
            <dd className="tabular-nums">{period ? dayText(period.to) : '—'}</dd>
            <dt className="text-muted-foreground">Tela:</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {chosen ? (
                <>
                  {chosen.name}
                  {chosen.storeName && <span className="block text-xs text-muted-foreground">{chosen.storeName}</span>}
                </>
              ) : (
                '—'
              )}
            </dd>
          </dl>
          <p className="text-xs text-muted-foreground">
            {!selection
              ? 'Clique em um dia disponível para começar.'
              : !selection.to
                ? '1 dia selecionado. Para um período, clique no último dia na mesma tela; clique de novo no primeiro dia para cancelar.'
                : `${chosenDays} ${chosenDays === 1 ? 'dia selecionado' : 'dias selecionados'}.`}
          </p>
          {selection?.stoppedAt && (
            <p role="status" className="text-xs text-amber-700 dark:text-amber-400">
              O período para em {dayText(selection.to ?? selection.from)}: {dayText(selection.stoppedAt)} está indisponível nesta tela.
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="outline" disabled={!selection || create.isPending} onClick={() => setSelection(null)}>
              Cancelar
            </Button>
            <Button disabled={create.isPending} onClick={onContinue}>
              {create.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Continuar
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  )
}

function Legend() {
  return (
    <div className="flex flex-wrap gap-4 text-xs text-muted-foreground">
      <span className="flex items-center gap-1">
        <span className="size-3 rounded-sm bg-emerald-100 dark:bg-emerald-900" /> Disponível
      </span>
      <span className="flex items-center gap-1">
        <span className="size-3 rounded-sm bg-muted" /> Indisponível
      </span>
      <span className="flex items-center gap-1">
        <span className="size-3 rounded-sm bg-primary" /> Selecionado
      </span>
    </div>
  )
}
