import * as React from 'react'
import type { ColumnDef } from '@tanstack/react-table'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { DataTable, DataTableColumnHeader } from '@/components/ui/data-table'
import { Input } from '@/components/ui/input'
import { useIdlePreload } from '@/hooks/use-idle-preload'
import { chunk, lazyComponent } from '@/lib/lazy'
import { compareNames, foldName } from '@/lib/name-order'
import { DEFAULT_TIME_ZONE } from '@/lib/playback'
import { useSession } from '@/lib/session'
import { useAds } from '../api/get-ads'
import type { Advertise } from '../api/types'
import { useFollowForbidden } from '../permission'
import { useDebounced } from '@/hooks/use-debounced'
import { AdPeriodBadge } from './ad-period-badge'

const loadDialogs = chunk(() => import('./ads-list-dialogs'))
const AdsListDialogs = lazyComponent(loadDialogs, (m) => m.AdsListDialogs)

/** The name filter waits for the typing to stop (spec 2 §9). */
export const SEARCH_DEBOUNCE_MS = 500

const TABS = [
  { id: 'running', label: 'Em veiculação', disabled: false },
  { id: 'upcoming', label: 'À veicular', disabled: true },
  { id: 'paused', label: 'Pausadas', disabled: true },
] as const

/** Advertisements whose name holds `search` (accents and case do not matter). */
export function filterAds(ads: readonly Advertise[], search: string) {
  const needle = foldName(search.trim())
  return needle ? ads.filter((ad) => foldName(ad.name).includes(needle)) : [...ads]
}

/** 'Central de Anúncios' (/ads-center): the franchise's advertisements (spec 2 §2 'Ads center'). */
export function AdsListPage() {
  const { franchise } = useSession()
  const slug = franchise?.slug ?? ''
  const timeZone = franchise?.timeZone || DEFAULT_TIME_ZONE
  const ads = useAds(franchise?.slug)
  useFollowForbidden(ads.error)
  const [creating, setCreating] = React.useState(false)
  const [deleting, setDeleting] = React.useState<Advertise | null>(null)
  // The dialogs are mounted with the first one opened; their code comes once the rows are drawn.
  const [dialogsMounted, setDialogsMounted] = React.useState(false)
  useIdlePreload(ads.isSuccess, loadDialogs)
  const [search, setSearch] = React.useState('')
  const query = useDebounced(search, SEARCH_DEBOUNCE_MS)
  // The badges' "today": when the screen opened.
  const [now] = React.useState(() => Date.now())

  const data = React.useMemo(() => filterAds(ads.data ?? [], query), [ads.data, query])

  const columns = React.useMemo<ColumnDef<Advertise>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        meta: { label: 'Nome', truncate: true },
        header: ({ column }) => <DataTableColumnHeader column={column} title="Nome" />,
        sortingFn: (a, b) => compareNames(a.original.name, b.original.name),
        cell: ({ row }) => (
          <Link to={`/ads-center/${encodeURIComponent(row.original.id)}`} className="font-medium hover:underline">
            {row.original.name}
          </Link>
        ),
      },
      {
        id: 'period',
        accessorKey: 'startAt',
        meta: { label: 'Período' },
        header: ({ column }) => <DataTableColumnHeader column={column} title="Período" />,
        cell: ({ row }) => <AdPeriodBadge startAt={row.original.startAt} endsAt={row.original.endsAt} now={now} timeZone={timeZone} />,
      },
      {
        id: 'displayTime',
        accessorKey: 'displayTime',
        meta: { label: 'Tempo de exibição' },
        header: ({ column }) => <DataTableColumnHeader column={column} title="Tempo de exibição" />,
        cell: ({ row }) => <span className="tabular-nums">{row.original.displayTime}s</span>,
      },
      {
        id: 'displays',
        accessorKey: 'displays',
        meta: { label: 'Telas' },
        header: ({ column }) => <DataTableColumnHeader column={column} title="Telas" />,
        cell: ({ row }) => <span className="tabular-nums">{row.original.displays}</span>,
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        meta: { label: 'Criado em' },
        header: ({ column }) => <DataTableColumnHeader column={column} title="Criado em" />,
        cell: ({ row }) => <span className="tabular-nums">{new Date(row.original.createdAt).toLocaleDateString('pt-BR')}</span>,
      },
      {
        id: 'actions',
        header: 'Ações',
        enableHiding: false,
        enableSorting: false,
        cell: ({ row }) => {
          const ad = row.original
          return (
            <div className="flex gap-1">
              <Button asChild variant="outline" size="sm">
                <Link to={`/ads-center/${encodeURIComponent(ad.id)}`} aria-label={`Editar ${ad.name}`}>
                  <Pencil /> Editar
                </Link>
              </Button>
              <Button variant="outline" size="sm" className="text-destructive" aria-label={`Excluir ${ad.name}`} onClick={() => {
                  setDialogsMounted(true)
                  setDeleting(ad)
                }}
              >
                <Trash2 /> Excluir
              </Button>
            </div>
          )
        },
      },
    ],
    [now, timeZone],
  )

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Central de Anúncios"
        description="Posições de anúncio vendidas nas telas da rede, por período."
        actions={
          <Button
            onClick={() => {
              setDialogsMounted(true)
              setCreating(true)
            }}
          >
            <Plus /> New Ad
          </Button>
        }
      />
      <div role="tablist" aria-label="Situação dos anúncios" className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
        {TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`ads-tab-${tab.id}`}
            aria-selected={!tab.disabled}
            aria-controls={tab.disabled ? undefined : 'ads-tab-panel'}
            disabled={tab.disabled}
            className="rounded-md px-3 py-1.5 text-sm font-medium aria-selected:bg-background aria-selected:shadow-sm disabled:cursor-not-allowed disabled:opacity-50"
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id="ads-tab-panel" role="tabpanel" aria-labelledby="ads-tab-running" className="min-h-[464px]">
        <DataTable
          label="Anúncios"
          columns={columns}
          data={data}
          isLoading={ads.isLoading}
          loadingText="Carregando anúncios..."
          emptyText={query.trim() ? 'Nenhum anúncio encontrado.' : 'Nenhum anúncio cadastrado.'}
          toolbarActions={
            <Input
              placeholder="Filtrar anúncios pelo nome"
              aria-label="Filtrar anúncios pelo nome"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="h-8 w-full sm:w-64"
            />
          }
          initialSorting={[{ id: 'name', desc: false }]}
          enableRowSelection={false}
          getRowId={(ad) => ad.id}
        />
      </div>
      {dialogsMounted && (
        <React.Suspense fallback={null}>
          <AdsListDialogs franchise={slug} creating={creating} onCreatingChange={setCreating} deleting={deleting} onDeletingDone={() => setDeleting(null)} />
        </React.Suspense>
      )}
    </div>
  )
}
