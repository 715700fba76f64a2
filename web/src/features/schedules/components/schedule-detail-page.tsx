import * as React from 'react'
import { ArrowLeft, Copy, Eye, ListPlus, Megaphone, PanelBottom, Pencil, Store, Trash2 } from 'lucide-react'
import { Link, useParams, useSearchParams } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { findMedia, useMedias } from '@/features/medias'
import { toast } from '@/hooks/use-toast'
import { DEFAULT_TIME_ZONE, isAdSlot } from '@/lib/playback'
import { useSession } from '@/lib/session'
import { useSchedule } from '../api/get-schedule'
import { useRemoveEntry } from '../api/remove-entry'
import { useSaveEntries } from '../api/update-schedule'
import { filterEntries, isFiltering, NO_FILTER, type EntryFilter, withoutIndexes } from '../entries'
import { droppedFilledSpaces, filledSpacesWarning, isLocalSpace } from '../local-space'
import { AdSlotDialog, type EditedSlot } from './ad-slot-dialog'
import { EntryFilters } from './entry-filters'
import { EntryTable } from './entry-table'
import { ForFranchiseesSwitch } from './for-franchisees-switch'
import { LocalSpaceDialog, type LocalSpaceTarget } from './local-space-dialog'
import { PreviewDialog } from './preview-dialog'
import { ScheduleActionDialogs, type ScheduleDialogState } from './schedule-actions'
import { ScheduleDisplays } from './schedule-displays'

/** 'Programações > name' (/schedule/{scheduleId}): the entries, their order and the TVs (spec 2 §2). */
export function ScheduleDetailPage() {
  const { scheduleId = '' } = useParams()
  const [search] = useSearchParams()
  const { franchise, user, isImpersonating, abilities } = useSession()
  // A franchisee reads the network's schedules; only the network changes them (docs/roles.md).
  const editable = abilities.editLibrary
  const slug = franchise?.slug ?? ''
  const timeZone = franchise?.timeZone || DEFAULT_TIME_ZONE
  const schedule = useSchedule(franchise?.slug, scheduleId)
  const remove = useRemoveEntry()
  const save = useSaveEntries()
  const [dialog, setDialog] = React.useState<ScheduleDialogState>(null)
  const [slotOpen, setSlotOpen] = React.useState(false)
  const [editingSlot, setEditingSlot] = React.useState<EditedSlot>()
  const [localOpen, setLocalOpen] = React.useState(false)
  const [localTarget, setLocalTarget] = React.useState<LocalSpaceTarget>({ entries: [], hash: '' })
  const [confirmBulk, setConfirmBulk] = React.useState(false)
  // The position of the entry whose unlink waits for a confirmation.
  const [unlinking, setUnlinking] = React.useState<number | null>(null)
  const [selected, setSelected] = React.useState<Set<number>>(new Set())
  const [filter, setFilter] = React.useState<EntryFilter>(NO_FILTER)
  // The badges' "today": when the screen opened (a badge changes at most once a day).
  const [now] = React.useState(() => Date.now())

  // A new version of the list (a save, a reload after a 409) clears the selection: positions changed.
  const data = schedule.data
  // The library is read only to name the local spaces' fallback media.
  const hasLocalFallback = !!data?.media.some((entry) => isLocalSpace(entry) && entry.localFallbackMediaId)
  const medias = useMedias(hasLocalFallback ? slug : undefined)
  const mediaName = (id: string) => (medias.data ? (findMedia(medias.data.folderMap, id)?.name ?? 'Mídia removida') : undefined)
  const [seenHash, setSeenHash] = React.useState<string | undefined>(undefined)
  if (data && data.hash !== seenHash) {
    setSeenHash(data.hash)
    setSelected(new Set())
  }

  if (!data) {
    return (
      <div className="grid grid-cols-1 gap-6">
        <PageHeader title="Programações" />
        {schedule.isLoading ? <Skeleton className="h-64 w-full" /> : <p className="text-muted-foreground">Programação não encontrada.</p>}
        <Button asChild variant="outline" className="justify-self-start">
          <Link to="/schedule">
            <ArrowLeft /> Voltar
          </Link>
        </Button>
      </div>
    )
  }

  const target = { id: data.id, name: data.name, displays: data.displays, localStores: data.localStores }
  const busy = remove.isPending || save.isPending

  const unlinkingEntry = unlinking === null ? undefined : data.media[unlinking]
  const unlinkingLocal = !!unlinkingEntry && isLocalSpace(unlinkingEntry)
  // Deleting a space that stores fill deletes their content: the confirmation says how many stores.
  const unlinkWarning =
    unlinking === null ? null : filledSpacesWarning(droppedFilledSpaces(data.media, data.media.filter((_e, i) => i !== unlinking), data.localFill))
  const bulkWarning = confirmBulk ? filledSpacesWarning(droppedFilledSpaces(data.media, withoutIndexes(data.media, selected), data.localFill)) : null
  const openLocal = (index?: number) => {
    setLocalTarget({ entries: data.media, hash: data.hash, index })
    setLocalOpen(true)
  }
  const onUnlink = (index: number) =>
    remove.mutate(
      { franchise: slug, id: data.id, index, hash: data.hash },
      {
        onSuccess: () => {
          toast({ title: unlinkingLocal ? 'Espaço local excluído' : 'Mídia desvinculada' })
          setUnlinking(null)
        },
        onError: () => setUnlinking(null),
      },
    )

  const onBulkDelete = () =>
    save.mutate(
      { franchise: slug, id: data.id, hash: data.hash, media: withoutIndexes(data.media, selected) },
      {
        onSuccess: () => {
          toast({ title: 'Mídia desvinculada' })
          setConfirmBulk(false)
        },
        onError: () => setConfirmBulk(false),
      },
    )

  const tableProps = { entries: data.media, now, timeZone, selected, onSelectedChange: setSelected, onUnlink: setUnlinking, busy }

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title={`Programações > ${data.name}`}
        description={`${data.media.length} ${data.media.length === 1 ? 'mídia' : 'mídias'} · ${data.duration}s por ciclo`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/schedule">
                <ArrowLeft /> Voltar
              </Link>
            </Button>
            {editable && (
              <Button variant="outline" onClick={() => setDialog({ kind: 'duplicate', schedule: target })}>
                <Copy /> Duplicar programação
              </Button>
            )}
            {editable && (user?.isAdmin || isImpersonating) && (
              <Button asChild variant="outline">
                <Link to={`/bottombar/${encodeURIComponent(data.id)}`}>
                  <PanelBottom /> Editar rodapé
                </Link>
              </Button>
            )}
            <Button variant="outline" onClick={() => setDialog({ kind: 'preview', schedule: target, at: Date.now() })}>
              <Eye /> Ver prévia
            </Button>
            {editable && (
              <>
                <Button variant="outline" onClick={() => setDialog({ kind: 'rename', schedule: target })} aria-label="Editar nome">
                  <Pencil /> Editar nome
                </Button>
                <Button variant="outline" className="text-destructive" onClick={() => setDialog({ kind: 'delete', schedule: target })}>
                  <Trash2 /> Excluir programação
                </Button>
              </>
            )}
          </>
        }
      />
      {editable && <ForFranchiseesSwitch franchise={slug} id={data.id} value={data.forFranchisees} />}
      {editable && (
        <div className="flex flex-wrap items-center gap-2">
        {selected.size > 0 && (
          <Button variant="destructive" onClick={() => setConfirmBulk(true)} disabled={busy}>
            <Trash2 /> Excluir mídia(s) selecionadas
          </Button>
        )}
        <div className="ml-auto flex flex-wrap gap-2">
          {user?.canUseAdsCenter && (
            <Button
              variant="outline"
              onClick={() => {
                setEditingSlot(undefined)
                setSlotOpen(true)
              }}
            >
              <Megaphone /> Adicionar vaga para anúncios
            </Button>
          )}
          <Button variant="outline" onClick={() => openLocal()}>
            <Store /> Adicionar espaço local
          </Button>
          <Button asChild>
            <Link to={`/schedule/${encodeURIComponent(data.id)}/media`}>
              <ListPlus /> Adicionar Mídia à Programação
            </Link>
          </Button>
        </div>
      </div>
      )}
      <EntryFilters value={filter} onChange={setFilter} />
      <EntryTable
        {...tableProps}
        readOnly={!editable}
        visible={isFiltering(filter) ? filterEntries(data.media, filter) : undefined}
        mediaName={mediaName}
        onEditLocal={editable ? openLocal : undefined}
        onEditSlot={
          editable && user?.canUseAdsCenter
            ? (index) => {
                setEditingSlot({ entries: data.media, hash: data.hash, index })
                setSlotOpen(true)
              }
            : undefined
        }
        onMove={
          editable
            ? (media, revert) =>
                save.mutate(
                  { franchise: slug, id: data.id, hash: data.hash, media },
                  {
                    onSuccess: () => toast({ title: 'Programação atualizada.', description: 'A programação foi atualizada com sucesso.' }),
                    onError: revert,
                  },
                )
            : undefined
        }
      />
      {abilities.manageTVs && (
        <ScheduleDisplays
          franchise={slug}
          scheduleId={data.id}
          scheduleName={data.name}
          focus={search.get('action') === 'displays'}
          canLink={!abilities.availableSchedulesOnly || data.forFranchisees}
        />
      )}

      <ScheduleActionDialogs franchise={slug} dialog={dialog?.kind === 'preview' ? null : dialog} onClose={() => setDialog(null)} afterDelete="/schedule" openCreated />
      <PreviewDialog franchise={slug} preview={dialog?.kind === 'preview' ? { scheduleId: data.id, at: dialog.at } : undefined} onClose={() => setDialog(null)} />
      <AdSlotDialog open={slotOpen} onOpenChange={setSlotOpen} franchise={slug} scheduleId={data.id} editing={editingSlot} />
      <LocalSpaceDialog open={localOpen} onOpenChange={setLocalOpen} franchise={slug} timeZone={timeZone} scheduleId={data.id} target={localTarget} />
      <ConfirmDialog
        open={unlinking !== null}
        onOpenChange={(open) => !open && setUnlinking(null)}
        title={unlinkingLocal ? 'Excluir espaço local?' : 'Desvincular mídia?'}
        description={
          unlinkingLocal
            ? (unlinkWarning ?? `"${unlinkingEntry?.name ?? ''}" sai desta programação. Nenhuma loja tem conteúdo nele.`)
            : `"${unlinkingEntry ? (isAdSlot(unlinkingEntry) ? 'Slot' : unlinkingEntry.name) : ''}" sai desta programação. A mídia continua na biblioteca.`
        }
        confirmLabel={unlinkingLocal ? 'Excluir' : 'Desvincular'}
        destructive
        pending={remove.isPending}
        onConfirm={() => unlinking !== null && onUnlink(unlinking)}
      />
      <ConfirmDialog
        open={confirmBulk}
        onOpenChange={setConfirmBulk}
        title="Excluir mídia(s) selecionadas?"
        description={
          bulkWarning
            ? `${selected.size} ${selected.size === 1 ? 'item sai' : 'itens saem'} desta programação. ${bulkWarning}`
            : `${selected.size} ${selected.size === 1 ? 'mídia sai' : 'mídias saem'} desta programação. A mídia continua na biblioteca.`
        }
        confirmLabel="Excluir"
        destructive
        pending={save.isPending}
        onConfirm={onBulkDelete}
      />
    </div>
  )
}
