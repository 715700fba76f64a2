import * as React from 'react'
import { useSearchParams } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { LazyUploadDialog, type MediaKind } from '@/features/medias'
import { useStores, type Store } from '@/features/stores'
import { toast } from '@/hooks/use-toast'
import { DEFAULT_TIME_ZONE } from '@/lib/playback'
import { useSession } from '@/lib/session'
import { useAddLocalItem, useDeleteLocalItem, useUpdateLocalItem } from '../api/items'
import { storeUploadTarget, useDeleteLocalMedia } from '../api/local-media'
import { useStoreLocal } from '../api/get-store-local'
import type { LocalItem, LocalSpace, StoreMedia } from '../api/types'
import { shownVersion } from './item-state'
import { ItemDialog, type ItemValues } from './item-dialog'
import { SpaceSection } from './space-section'
import { StoreMediaSection } from './store-media-section'

type Editing = { space: LocalSpace; item?: LocalItem } | null

/**
 * The stores the member may see: every store of the group for the network,
 * the ones their membership lists otherwise.
 */
export function visibleStores(stores: Store[], wholeGroup: boolean, mine: string[]) {
  return wholeGroup ? stores : stores.filter((store) => mine.includes(store.slug))
}

/** 'Loja': the store whose content the page shows, kept in the address (?store=slug). */
function StorePicker({ stores, value, onChange }: { stores: Store[]; value: string; onChange: (slug: string) => void }) {
  const id = React.useId()
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Loja
      </label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-72 max-w-full">
          <SelectValue placeholder="Selecione a loja" />
        </SelectTrigger>
        <SelectContent>
          {stores.map((store) => (
            <SelectItem key={store.slug} value={store.slug}>
              {store.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}

/**
 * Conteúdo local (/local): a store's own media folder and what it puts in the
 * local spaces of the schedules its TVs play, with each item's state. A store
 * manager reads it; franchisees and the network change it.
 */
export function LocalPage() {
  const { franchise, abilities } = useSession()
  const slug = franchise?.slug
  const timeZone = franchise?.timeZone || DEFAULT_TIME_ZONE
  const storesQuery = useStores(slug)
  const stores = React.useMemo(() => visibleStores(storesQuery.data ?? [], abilities.wholeGroup, abilities.stores), [storesQuery.data, abilities])
  const [params, setParams] = useSearchParams()
  const store = stores.find((s) => s.slug === params.get('store')) ?? stores[0]
  const storeSlug = store?.slug
  const readOnly = abilities.role === 'store'

  const local = useStoreLocal(slug, storeSlug)
  const add = useAddLocalItem(slug, storeSlug)
  const update = useUpdateLocalItem(slug, storeSlug)
  const removeItem = useDeleteLocalItem(slug, storeSlug)
  const removeMedia = useDeleteLocalMedia(slug, storeSlug)

  const [editing, setEditing] = React.useState<Editing>(null)
  const [removing, setRemoving] = React.useState<LocalItem>()
  const [deleting, setDeleting] = React.useState<StoreMedia>()
  const [uploadKind, setUploadKind] = React.useState<MediaKind | null>(null)
  // The upload modal's code comes on its first opening.
  const [uploadMounted, setUploadMounted] = React.useState(false)
  const target = React.useMemo(() => (slug && storeSlug ? storeUploadTarget(slug, storeSlug) : undefined), [slug, storeSlug])

  const data = local.data
  const approval = data?.approval ?? true
  const media = data?.media ?? []

  const chooseStore = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current)
        copy.set('store', next)
        return copy
      },
      { replace: true },
    )

  const submitItem = (values: ItemValues) => {
    if (!editing) return
    const { space, item } = editing
    const done = (title: string) => {
      toast({ title, description: approval ? 'O item aguarda a aprovação da rede; o que já foi aprovado continua passando.' : 'Publicado sem aprovação: o item já passa nas TVs da loja.' })
      setEditing(null)
    }
    if (item) {
      update.mutate({ id: item.id, input: values }, { onSuccess: () => done(approval ? 'Item enviado para aprovação' : 'Item alterado') })
    } else {
      add.mutate(
        { scheduleId: space.scheduleId, spaceId: space.spaceId, ...values },
        { onSuccess: () => done(approval ? 'Item enviado para aprovação' : 'Item adicionado') },
      )
    }
  }

  const moveItem = (item: LocalItem, position: number) => update.mutate({ id: item.id, input: { position } })

  const description = readOnly
    ? 'O conteúdo da própria loja nos espaços locais das programações. Você pode consultá-lo; quem altera é o franqueado ou a rede.'
    : 'O conteúdo da própria loja nos espaços locais das programações que as TVs dela passam.'

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Conteúdo local" description={description} actions={stores.length > 1 && store ? <StorePicker stores={stores} value={store.slug} onChange={chooseStore} /> : undefined} />
      {storesQuery.isLoading ? (
        <Skeleton role="status" className="h-40 w-full" aria-label="Carregando as lojas..." />
      ) : !store ? (
        <p role="status" className="text-muted-foreground">
          Nenhuma loja para mostrar.
        </p>
      ) : (
        <>
          {stores.length === 1 && <p className="text-sm font-medium">Loja: {store.name}</p>}
          {data && (
            <p role="note" className="rounded-md border bg-muted/40 p-3 text-sm">
              {approval ? (
                <>
                  <strong className="font-semibold">Com aprovação:</strong> o que a loja envia passa nas TVs depois de aprovado pela rede; uma remoção vale na hora.
                </>
              ) : (
                <>
                  <strong className="font-semibold">Publicado sem aprovação:</strong> o que a loja envia passa nas TVs na hora.
                </>
              )}
            </p>
          )}
          {local.isLoading ? (
            <Skeleton role="status" className="h-60 w-full" aria-label="Carregando o conteúdo local..." />
          ) : data ? (
            <>
              <StoreMediaSection
                media={media}
                readOnly={readOnly}
                onUpload={(kind) => {
                  setUploadMounted(true)
                  setUploadKind(kind)
                }}
                onDelete={setDeleting}
              />
              <section aria-labelledby="local-spaces-title" className="grid gap-3">
                <h2 id="local-spaces-title" className="text-lg font-semibold">
                  Espaços locais
                </h2>
                {data.spaces.length === 0 ? (
                  <p className="text-sm text-muted-foreground">As programações que as TVs desta loja passam não têm espaço local.</p>
                ) : (
                  data.spaces.map((space) => (
                    <SpaceSection
                      key={`${space.scheduleId}:${space.spaceId}`}
                      space={space}
                      timeZone={timeZone}
                      readOnly={readOnly}
                      busy={update.isPending || removeItem.isPending}
                      onAdd={(s) => setEditing({ space: s })}
                      onEdit={(s, item) => setEditing({ space: s, item })}
                      onMove={moveItem}
                      onRemove={setRemoving}
                    />
                  ))
                )}
              </section>
            </>
          ) : null}
        </>
      )}
      {!readOnly && (
        <>
          <ItemDialog
            space={editing?.space ?? null}
            item={editing?.item}
            media={media}
            timeZone={timeZone}
            approval={approval}
            pending={add.isPending || update.isPending}
            onOpenChange={(open) => !open && setEditing(null)}
            onSubmit={submitItem}
          />
          <ConfirmDialog
            open={!!removing}
            onOpenChange={(open) => !open && setRemoving(undefined)}
            title="Remover item"
            description={removing ? `${shownVersion(removing).media.name} sai do espaço e deixa de passar nas TVs da loja na hora.` : ''}
            confirmLabel="Remover"
            destructive
            pending={removeItem.isPending}
            onConfirm={() =>
              removing &&
              removeItem.mutate(removing.id, {
                onSuccess: () => {
                  toast({ title: 'Item removido', description: `${shownVersion(removing).media.name} não passa mais nas TVs da loja.` })
                  setRemoving(undefined)
                },
              })
            }
          />
          <ConfirmDialog
            open={!!deleting}
            onOpenChange={(open) => !open && setDeleting(undefined)}
            title="Excluir mídia"
            description={deleting ? `${deleting.name} sai das mídias da loja, e os itens que a mostram saem dos espaços na hora.` : ''}
            confirmLabel="Excluir"
            destructive
            pending={removeMedia.isPending}
            onConfirm={() =>
              deleting &&
              removeMedia.mutate(deleting.id, {
                onSuccess: () => {
                  toast({ title: 'Mídia excluída', description: `${deleting.name} foi excluída das mídias da loja.` })
                  setDeleting(undefined)
                },
              })
            }
          />
          {uploadMounted && target && (
            <React.Suspense fallback={null}>
              <LazyUploadDialog kind={uploadKind} onClose={() => setUploadKind(null)} franchise={slug} folder="" folderLabel="Mídias da loja" target={target} />
            </React.Suspense>
          )}
        </>
      )}
    </div>
  )
}
