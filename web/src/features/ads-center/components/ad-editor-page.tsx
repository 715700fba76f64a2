import * as React from 'react'
import { ArrowLeft, ListPlus, Pencil, Trash2 } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorToast } from '@/hooks/use-toast'
import { errorText, isApiError } from '@/lib/api-client'
import { DEFAULT_TIME_ZONE } from '@/lib/playback'
import { useSession } from '@/lib/session'
import { useAd } from '../api/get-ad'
import type { Advertise } from '../api/types'
import { withoutItems } from '../media'
import { AD_GUARDS } from '../messages'
import { useFollowForbidden } from '../permission'
import { AdMediaTable } from './ad-media-table'
import { AdPeriodBadge } from './ad-period-badge'
import { AdPlays } from './ad-plays'
import { EditAdDialog } from './edit-ad-dialog'
import { useSaveAdMedia } from './use-save-ad-media'

function BackButton() {
  return (
    <Button asChild variant="outline">
      <Link to="/ads-center">
        <ArrowLeft /> Voltar
      </Link>
    </Button>
  )
}

/** 'Editando Anúncio > name' (/ads-center/{id}): the ad's media, their order, and its plays (spec 2 §2). */
export function AdEditorPage() {
  const { id } = useParams()
  const { franchise } = useSession()
  const ad = useAd(franchise?.slug, id)
  useFollowForbidden(ad.error)

  if (!ad.data) {
    const missing = !id || (isApiError(ad.error) && ad.error.statusCode === 404)
    return (
      <div className="grid grid-cols-1 gap-6">
        <PageHeader title="Editando Anúncio" actions={<BackButton />} />
        {ad.isLoading ? (
          <Skeleton className="h-64 w-full" />
        ) : (
          <p className="text-muted-foreground">{!id ? AD_GUARDS.idUndefined : missing ? AD_GUARDS.notFound : errorText(ad.error, AD_GUARDS.notFound)}</p>
        )}
      </div>
    )
  }
  return <AdEditor franchise={franchise?.slug ?? ''} timeZone={franchise?.timeZone || DEFAULT_TIME_ZONE} ad={ad.data} />
}

function AdEditor({ franchise, timeZone, ad }: { franchise: string; timeZone: string; ad: Advertise }) {
  const media = useSaveAdMedia(ad.id, ad)
  const [editing, setEditing] = React.useState(false)
  const [unlinking, setUnlinking] = React.useState<number | null>(null)
  const [confirmBulk, setConfirmBulk] = React.useState(false)
  const [selected, setSelected] = React.useState<Set<number>>(new Set())
  // The badges' "today": when the screen opened.
  const [now] = React.useState(() => Date.now())

  // A new version of the list clears the selection: positions changed.
  const [seen, setSeen] = React.useState(ad.media)
  if (seen !== ad.media) {
    setSeen(ad.media)
    setSelected(new Set())
  }

  const remove = (indexes: Iterable<number>, done: () => void) => {
    const next = withoutItems(ad.media, indexes)
    if ('error' in next) {
      errorToast(next.error)
      return done()
    }
    media.save(next.media, { title: 'Mídia desvinculada', onSuccess: done, onError: done })
  }

  const unlinkingItem = unlinking === null ? undefined : ad.media[unlinking]

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title={`Editando Anúncio > ${ad.name}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <AdPeriodBadge startAt={ad.startAt} endsAt={ad.endsAt} now={now} timeZone={timeZone} />
            <span>
              {ad.displayTime}s por exibição · {ad.displays} {ad.displays === 1 ? 'tela' : 'telas'}
            </span>
          </span>
        }
        actions={
          <>
            <BackButton />
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil /> Editar anúncio
            </Button>
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        {selected.size > 0 && (
          <Button variant="destructive" onClick={() => setConfirmBulk(true)} disabled={media.isPending}>
            <Trash2 /> Excluir mídia(s) selecionadas
          </Button>
        )}
        <Button asChild className="ml-auto">
          <Link to={`/ads-center/${encodeURIComponent(ad.id)}/media`}>
            <ListPlus /> Adicionar Mídia
          </Link>
        </Button>
      </div>
      <AdMediaTable
        adId={ad.id}
        media={ad.media}
        now={now}
        timeZone={timeZone}
        selected={selected}
        onSelectedChange={setSelected}
        onUnlink={setUnlinking}
        onMove={(list, revert) => media.save(list, { onError: revert })}
        busy={media.isPending}
      />
      <AdPlays franchise={franchise} adId={ad.id} adName={ad.name} />

      <EditAdDialog franchise={franchise} ad={ad} open={editing} onOpenChange={setEditing} />
      <ConfirmDialog
        open={unlinking !== null}
        onOpenChange={(open) => !open && setUnlinking(null)}
        title="Desvincular mídia?"
        description={`"${unlinkingItem?.name ?? ''}" sai deste anúncio. A mídia continua na biblioteca.`}
        confirmLabel="Excluir"
        destructive
        pending={media.isPending}
        onConfirm={() => unlinking !== null && remove([unlinking], () => setUnlinking(null))}
      />
      <ConfirmDialog
        open={confirmBulk}
        onOpenChange={setConfirmBulk}
        title="Excluir mídia(s) selecionadas?"
        description={`${selected.size} ${selected.size === 1 ? 'mídia sai' : 'mídias saem'} deste anúncio. A mídia continua na biblioteca.`}
        confirmLabel="Excluir"
        destructive
        pending={media.isPending}
        onConfirm={() => remove(selected, () => setConfirmBulk(false))}
      />
    </div>
  )
}
