import * as React from 'react'
import { MessageSquareText, Plus, Store as StoreIcon, UsersRound, X } from 'lucide-react'
import { Link } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { errorToast, toast } from '@/hooks/use-toast'
import { errorText } from '@/lib/api-client'
import { useSession } from '@/lib/session'
import { storage, storageKeys } from '@/lib/storage'
import { useDeleteDisplay, useSendDisplayCommand } from '../api/display-mutations'
import { useDisplays } from '../api/get-displays'
import { useStores } from '../api/get-stores'
import { useDeleteStore } from '../api/store-mutations'
import type { Display } from '../api/types'
import { ACCESS_DENIED, displayCommands } from '../commands'
import { countOffline } from '../display-status'
import { filterStores } from '../filter-stores'
import { useBatches, useSentinel } from '@/hooks/use-batches'
import { useDebounced, useNow } from '../use-now'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { DialogsProvider, type DashboardDialog } from './dialogs-context'
import { DisplayDialog } from './display-dialog'
import { MessageDialog } from './message-dialog'
import { GuidedActions, OverviewCounters, StoresSkeleton } from './overview-parts'
import { ScheduleDialog } from './schedule-dialog'
import { StoreCard } from './store-card'
import { StoreDialog } from './store-dialog'

const ALL_STORES = '__all__'
const SEARCH_DEBOUNCE_MS = 500
const STATUS_TICK_MS = 30_000
/** Store cards drawn at a time; more come as the operator scrolls. */
export const STORES_PER_BATCH = 20
const NO_DISPLAYS: Display[] = []

export function DashboardPage() {
  const { franchise, franchises, status, user, hasAdminToken } = useSession()
  const slug = franchise?.slug
  const stores = useStores(slug)
  const displays = useDisplays(slug)
  const now = useNow(STATUS_TICK_MS)
  const serverDiff = user?.serverDiff ?? 0

  const [storeChoice, setStoreChoice] = React.useState(ALL_STORES)
  const [search, setSearch] = React.useState('')
  const debouncedSearch = useDebounced(search, SEARCH_DEBOUNCE_MS)

  // One dialog at a time. `shown` keeps the last one so its content stays while it closes.
  const [dialog, setDialog] = React.useState<DashboardDialog | null>(null)
  const [shown, setShown] = React.useState<DashboardDialog | null>(null)
  const open = React.useCallback((next: DashboardDialog) => {
    setShown(next)
    setDialog(next)
  }, [])
  const dialogs = React.useMemo(() => ({ open }), [open])
  const close = () => setDialog(null)
  const isOpen = (kind: DashboardDialog['kind']) => dialog?.kind === kind
  const onOpenChange = (value: boolean) => {
    if (!value) close()
  }

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
  const visibleStores = React.useMemo(
    () => filterStores(storeList, storeChoice === ALL_STORES ? null : storeChoice, debouncedSearch),
    [storeList, storeChoice, debouncedSearch],
  )
  const batches = useBatches(visibleStores.length, STORES_PER_BATCH, `${slug}|${storeChoice}|${debouncedSearch}`)
  const sentinel = useSentinel(batches.more, batches.hasMore)

  // If the chosen store goes away (deleted), show every store again.
  React.useEffect(() => {
    if (storeChoice !== ALL_STORES && stores.isSuccess && !storeList.some((s) => s.slug === storeChoice)) setStoreChoice(ALL_STORES)
  }, [storeChoice, storeList, stores.isSuccess])

  const deleteStore = useDeleteStore()
  const deleteDisplay = useDeleteDisplay()
  const sendCommand = useSendDisplayCommand()

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

  const loading = !slug || stores.isLoading || displays.isLoading

  const current = shown
  const runCommand = () => {
    if (current?.kind !== 'command' || !slug) return
    // Read the stored token now: it may have gone since the page was drawn.
    if (!storage.get(storageKeys.adminToken)) {
      errorToast(ACCESS_DENIED.description, ACCESS_DENIED.title)
      close()
      return
    }
    const label = displayCommands.find((c) => c.operation === current.operation)?.label ?? current.operation
    sendCommand.mutate(
      { display: { franchise: slug, store: current.display.store, id: current.display.id }, operation: current.operation },
      {
        onSuccess: () => {
          toast({ title: 'Comando executado', description: `${label}: comando enviado ao televisor ${current.display.name}.` })
          close()
        },
      },
    )
  }

  return (
    <DialogsProvider value={dialogs}>
      <div className="grid grid-cols-1 gap-6">
        <PageHeader
          title="Visão Geral"
          description={franchise ? `Grupo ${franchise.name}` : undefined}
          actions={
            <>
              <Button variant="outline" onClick={() => requireGroup() && open({ kind: 'message' })}>
                <MessageSquareText /> Enviar mensagem para lojas
              </Button>
              <Button onClick={() => requireGroup() && open({ kind: 'store-new' })}>
                <Plus /> Adicionar Loja
              </Button>
            </>
          }
        />

        <OverviewCounters stores={storeList.length} displays={allDisplays.length} offline={countOffline(allDisplays, serverDiff, now)} />

        <GuidedActions />

        <div className="flex flex-wrap items-center gap-2" role="search" aria-label="Filtrar lojas">
          <Select value={storeChoice} onValueChange={setStoreChoice}>
            <SelectTrigger className="w-full sm:w-64" aria-label="Selecionar loja">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_STORES}>Todas as lojas</SelectItem>
              {storeList.map((store) => (
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

        {loading ? (
          <StoresSkeleton />
        ) : storeList.length === 0 ? (
          <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
            <StoreIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">Nenhuma loja cadastrada.</p>
            <p className="text-sm text-muted-foreground">Adicione uma loja para cadastrar os televisores dela.</p>
            <Button onClick={() => open({ kind: 'store-new' })}>
              <Plus /> Adicionar Loja
            </Button>
          </div>
        ) : visibleStores.length === 0 ? (
          <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">Nenhuma loja encontrada.</p>
        ) : (
          <div className="grid grid-cols-1 gap-6">
            {visibleStores.slice(0, batches.shown).map((store) => (
              <StoreCard
                key={store.slug}
                store={store}
                displays={displaysByStore.get(store.slug) ?? NO_DISPLAYS}
                serverDiff={serverDiff}
                now={now}
                showAdminActions={hasAdminToken}
              />
            ))}
            {batches.hasMore && (
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

      <StoreDialog
        open={isOpen('store-new') || isOpen('store-edit')}
        onOpenChange={onOpenChange}
        franchise={slug}
        store={current?.kind === 'store-edit' ? current.store : undefined}
      />
      <ConfirmDialog
        open={isOpen('store-delete')}
        onOpenChange={onOpenChange}
        title="Excluir loja"
        description={
          current?.kind === 'store-delete'
            ? `Tem certeza que deseja excluir a loja ${current.store.name}? Os televisores dela também serão excluídos. Esta ação não poderá ser desfeita.`
            : ''
        }
        confirmLabel="Excluir"
        destructive
        pending={deleteStore.isPending}
        onConfirm={() => {
          if (current?.kind !== 'store-delete' || !slug) return
          const { store } = current
          deleteStore.mutate(
            { franchise: slug, store },
            {
              onSuccess: () => {
                toast({ title: 'Loja excluída', description: `A loja ${store.name} foi excluída.` })
                close()
              },
              onError: (error) => {
                if (error.apiCode !== 'cancelled') errorToast(errorText(error, `Ocorreu algum erro ao excluir a loja ${store.name}.`))
              },
            },
          )
        }}
      />
      <MessageDialog open={isOpen('message')} onOpenChange={onOpenChange} franchise={slug} stores={storeList} />
      <DisplayDialog
        mode="create"
        open={isOpen('display-new')}
        onOpenChange={onOpenChange}
        franchise={slug}
        store={current?.kind === 'display-new' ? current.store : undefined}
      />
      <DisplayDialog
        mode="edit"
        open={isOpen('display-edit')}
        onOpenChange={onOpenChange}
        franchise={slug}
        display={current?.kind === 'display-edit' ? current.display : undefined}
      />
      <ConfirmDialog
        open={isOpen('display-delete')}
        onOpenChange={onOpenChange}
        title="Excluir televisor"
        description={
          current?.kind === 'display-delete'
            ? `Tem certeza que deseja excluir o televisor ${current.display.name} (${current.display.device})? Esta ação não poderá ser desfeita.`
            : ''
        }
        confirmLabel="Excluir"
        destructive
        pending={deleteDisplay.isPending}
        onConfirm={() => {
          if (current?.kind !== 'display-delete' || !slug) return
          const { display } = current
          deleteDisplay.mutate(
            { display: { franchise: slug, store: display.store, id: display.id } },
            {
              onSuccess: () => {
                toast({ title: 'Televisor excluído', description: `O televisor ${display.name} foi excluído.` })
                close()
              },
            },
          )
        }}
      />
      <ScheduleDialog
        open={isOpen('schedule')}
        onOpenChange={onOpenChange}
        franchise={slug}
        display={current?.kind === 'schedule' ? current.display : undefined}
      />
      <ConfirmDialog
        open={isOpen('command')}
        onOpenChange={onOpenChange}
        title={
          current?.kind === 'command'
            ? `${displayCommands.find((c) => c.operation === current.operation)?.label ?? current.operation}?`
            : ''
        }
        description={
          current?.kind === 'command'
            ? `${displayCommands.find((c) => c.operation === current.operation)?.description ?? ''} Televisor: ${current.display.name} (${current.display.device}).`
            : ''
        }
        confirmLabel="Executar"
        pending={sendCommand.isPending}
        onConfirm={runCommand}
      />
    </DialogsProvider>
  )
}
