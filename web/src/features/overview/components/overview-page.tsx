import * as React from 'react'
import { MessageSquareText, Plus, Store as StoreIcon, UsersRound, X } from 'lucide-react'
import { Link } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { countOffline, DisplayTable, loadDisplayDialogs, useDisplays, type Display } from '@/features/displays'
import { filterStores, loadStoreDialogs, StoreCard, StoreCardsSkeleton, useStores } from '@/features/stores'
import { useBatches, useSentinel } from '@/hooks/use-batches'
import { errorToast } from '@/hooks/use-toast'
import { useSession } from '@/lib/session'
import { useDebounced } from '@/hooks/use-debounced'
import { useIdlePreload } from '@/hooks/use-idle-preload'
import { useNow } from '@/hooks/use-now'
import { chunk, lazyComponent } from '@/lib/lazy'
import { DisplayTableSkeleton } from './display-table-skeleton'
import { GuidedActions } from './guided-actions'
import type { OverviewDialog } from './overview-dialogs'
import { OverviewCounters } from './overview-counters'

/** The dialogs' chunks (the page's and the features' it draws from), fetched once. */
const loadDialogs = chunk(() => Promise.all([import('./overview-dialogs'), loadDisplayDialogs(), loadStoreDialogs()]).then(([dialogs]) => dialogs))
const OverviewDialogs = lazyComponent(loadDialogs, (m) => m.OverviewDialogs)

const ALL_STORES = '__all__'
const SEARCH_DEBOUNCE_MS = 500
const STATUS_TICK_MS = 30_000
/** Store cards drawn at a time; more come as the operator scrolls. */
const STORES_PER_BATCH = 20
/**
 * Store cards of the first draw once the lists arrive: the operator sees them
 * sooner, and the rest of the first batch follows in a transition, which
 * React draws in slices that leave the page responsive.
 */
const FIRST_DRAW_STORES = 2
const NO_DISPLAYS: Display[] = []

/** Visão Geral (/dashboard): the franchise's stores, each with its TVs. */
/** 'Grupo Rede Sul', or the name alone when it already says so ('Grupo Auditoria'). */
function groupSubtitle(name: string) {
  return /^grupo\b/i.test(name.trim()) ? name.trim() : `Grupo ${name.trim()}`
}

export function OverviewPage() {
  const { franchise, franchises, status, user, hasAdminToken, abilities } = useSession()
  const slug = franchise?.slug
  const stores = useStores(slug)
  // The group whose first store cards have been drawn. Its TV list is read
  // after them: a group of 50,000 TVs is 17 MB of JSON, most of a second of
  // the tab's main thread, which the cards (drawn from the store list, each
  // with its TV count) need not wait for.
  const [drawnFor, setDrawnFor] = React.useState<string>()
  const firstDrawDone = !!slug && drawnFor === slug
  const displays = useDisplays(slug, { enabled: firstDrawDone })
  const now = useNow(STATUS_TICK_MS)
  const serverDiff = user?.serverDiff ?? 0

  const [storeChoice, setStoreChoice] = React.useState(ALL_STORES)
  const [storeMenuOpen, setStoreMenuOpen] = React.useState(false)
  const [search, setSearch] = React.useState('')
  const debouncedSearch = useDebounced(search, SEARCH_DEBOUNCE_MS)

  // One dialog at a time. `shown` keeps the last one so its content stays while it closes.
  const [dialog, setDialog] = React.useState<OverviewDialog | null>(null)
  const [shown, setShown] = React.useState<OverviewDialog | null>(null)
  const open = React.useCallback((next: OverviewDialog) => {
    setShown(next)
    setDialog(next)
  }, [])
  const onOpenChange = React.useCallback((value: boolean) => {
    if (!value) setDialog(null)
  }, [])

  const storeList = React.useMemo(() => stores.data ?? [], [stores.data])
  const displaysByStore = React.useMemo(() => {
    const map = new Map<string, Display[]>()
    for (const display of displays.data ?? []) {
      const list = map.get(display.store)
      if (list) list.push(display)
      else map.set(display.store, [display])
    }
    return map
  }, [displays.data])
  const allDisplays = displays.data ?? NO_DISPLAYS

  // If the chosen store goes away (deleted), show every store again. Set while
  // rendering, so no frame is drawn with a choice that no longer exists.
  if (storeChoice !== ALL_STORES && stores.isSuccess && !storeList.some((s) => s.slug === storeChoice)) setStoreChoice(ALL_STORES)

  // The store dropdown lists every store only while it is open: a thousand
  // options drawn with the page cost more than its first twenty cards. Closed,
  // it holds the chosen store, whose name the button shows.
  const storeOptions = React.useMemo(
    () => (storeMenuOpen ? storeList : storeList.filter((store) => store.slug === storeChoice)),
    [storeMenuOpen, storeList, storeChoice],
  )

  const visibleStores = React.useMemo(
    () => filterStores(storeList, storeChoice === ALL_STORES ? null : storeChoice, debouncedSearch),
    [storeList, storeChoice, debouncedSearch],
  )
  const batches = useBatches(visibleStores.length, STORES_PER_BATCH, `${slug}|${storeChoice}|${debouncedSearch}`)
  // The cards come from the store list, each with its TV count; their TV
  // tables and the Offline counts follow once the TV list has been read.
  const storesLoading = !slug || stores.isLoading
  const displaysLoading = !slug || displays.isPending
  React.useEffect(() => {
    if (!storesLoading && !firstDrawDone) React.startTransition(() => setDrawnFor(slug))
  }, [storesLoading, firstDrawDone, slug])
  // The dialogs' code comes once the cards are drawn and the page is idle, so the first one opens at once.
  useIdlePreload(firstDrawDone, loadDialogs)
  const shownStores = firstDrawDone ? batches.shown : Math.min(batches.shown, FIRST_DRAW_STORES)
  const sentinel = useSentinel(batches.more, batches.hasMore && firstDrawDone)

  const requireGroup = () => {
    if (slug) return true
    errorToast('Você precisa selecionar um grupo para continuar.')
    return false
  }

  if (status === 'authenticated' && franchises.length === 0 && !franchise) {
    return (
      <div className="grid grid-cols-1 gap-6">
        <PageHeader title="Visão Geral" />
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
          <UsersRound className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">Você ainda não faz parte de nenhum grupo.</p>
          <p className="text-sm text-muted-foreground">Crie um grupo para cadastrar lojas e televisores.</p>
          <Button asChild>
            <Link to="/groups">Criar/editar grupos</Link>
          </Button>
        </div>
      </div>
    )
  }

  return (
    <>
      <div className="grid grid-cols-1 gap-6">
        <PageHeader
          title="Visão Geral"
          description={franchise ? groupSubtitle(franchise.name) : undefined}
          actions={
            abilities.sendMessages || abilities.manageStores ? (
              <>
                {abilities.sendMessages && (
                  <Button variant="outline" onClick={() => requireGroup() && open({ kind: 'message' })}>
                    <MessageSquareText /> Enviar mensagem para lojas
                  </Button>
                )}
                {abilities.manageStores && (
                  <Button onClick={() => requireGroup() && open({ kind: 'store-new' })}>
                    <Plus /> Adicionar Loja
                  </Button>
                )}
              </>
            ) : undefined
          }
        />

        <OverviewCounters
          stores={storeList.length}
          displays={displaysLoading ? null : allDisplays.length}
          offline={displaysLoading ? null : countOffline(allDisplays, serverDiff, now)}
        />

        {abilities.editLibrary && <GuidedActions />}

        <div className="flex flex-wrap items-center gap-2" role="search" aria-label="Filtrar lojas">
          <Select value={storeChoice} onValueChange={setStoreChoice} open={storeMenuOpen} onOpenChange={setStoreMenuOpen}>
            <SelectTrigger className="w-full sm:w-64" aria-label="Selecionar loja">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_STORES}>Todas as lojas</SelectItem>
              {storeOptions.map((store) => (
                <SelectItem key={store.slug} value={store.slug}>
                  {store.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Input
            className="w-full sm:w-64"
            placeholder="Filtrar loja pelo nome"
            aria-label="Filtrar loja pelo nome"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Button
            variant="ghost"
            disabled={storeChoice === ALL_STORES && !search}
            onClick={() => {
              setStoreChoice(ALL_STORES)
              setSearch('')
            }}
          >
            Limpar <X />
          </Button>
        </div>

        {storesLoading ? (
          <StoreCardsSkeleton />
        ) : storeList.length === 0 ? (
          <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
            <StoreIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            {abilities.manageStores ? (
              <>
                <p className="font-medium">Nenhuma loja cadastrada.</p>
                <p className="text-sm text-muted-foreground">Adicione uma loja para cadastrar os televisores dela.</p>
                <Button onClick={() => open({ kind: 'store-new' })}>
                  <Plus /> Adicionar Loja
                </Button>
              </>
            ) : (
              <>
                <p className="font-medium">Nenhuma loja sua neste grupo.</p>
                <p className="text-sm text-muted-foreground">Peça a quem gerencia a equipe do grupo para incluir as suas lojas.</p>
              </>
            )}
          </div>
        ) : visibleStores.length === 0 ? (
          <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">Nenhuma loja encontrada.</p>
        ) : (
          <div className="grid grid-cols-1 gap-6">
            {visibleStores.slice(0, shownStores).map((store) => {
              if (displaysLoading) {
                return (
                  <StoreCard key={store.slug} store={store} displayCount={store.displays} offlineCount={null} onAction={open}>
                    <DisplayTableSkeleton storeName={store.name} count={store.displays} />
                  </StoreCard>
                )
              }
              const storeDisplays = displaysByStore.get(store.slug) ?? NO_DISPLAYS
              return (
                <StoreCard
                  key={store.slug}
                  store={store}
                  displayCount={storeDisplays.length}
                  offlineCount={countOffline(storeDisplays, serverDiff, now)}
                  onAction={open}
                >
                  <DisplayTable
                    storeName={store.name}
                    displays={storeDisplays}
                    serverDiff={serverDiff}
                    now={now}
                    showAdminActions={hasAdminToken}
                    onAction={open}
                  />
                </StoreCard>
              )
            })}
            {batches.hasMore && firstDrawDone && (
              <div ref={sentinel} className="grid justify-items-center gap-2 py-2 text-sm text-muted-foreground">
                <p>
                  Mostrando {batches.shown} de {visibleStores.length} lojas
                </p>
                <Button variant="outline" onClick={batches.more}>
                  Mostrar mais lojas
                </Button>
              </div>
            )}
          </div>
        )}
      </div>

      {/* Mounted with the first dialog opened; their chunk is fetched once the cards are drawn. */}
      {shown && (
        <React.Suspense fallback={null}>
          <OverviewDialogs dialog={dialog} shown={shown} onOpenChange={onOpenChange} open={open} franchise={slug} stores={storeList} />
        </React.Suspense>
      )}
    </>
  )
}
