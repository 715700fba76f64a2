import * as React from 'react'
import { ArrowLeft, Loader2 } from 'lucide-react'
import { Link, useNavigate, useParams } from 'react-router'
import { LazyMediaEntriesForm } from '@/components/media-entries/lazy'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { MediaPickerDialog } from '@/features/medias'
import { errorText, isApiError } from '@/lib/api-client'
import { messageForCode } from '@/lib/errors'
import { DEFAULT_TIME_ZONE, isAdSlot } from '@/lib/playback'
import { useSession } from '@/lib/session'
import { useAd } from '../api/get-ad'
import type { Advertise } from '../api/types'
import { SLOT_EDIT_REFUSED, withFormItems } from '../media'
import { AD_GUARDS } from '../messages'
import { useFollowForbidden } from '../permission'
import { useSaveAdMedia } from './use-save-ad-media'

/** The address under /ads-center/{id}/: 'media' (add) or 'media/{mediaId}/{index}' (edit); null for anything else. */
function mediaRoute(rest: string | undefined): { mediaId?: string; index?: number } | null {
  const [section, mediaId, rawIndex, ...extra] = (rest ?? '').split('/').filter(Boolean)
  if (section !== 'media' || extra.length > 0) return null
  if (mediaId === undefined) return {}
  if (rawIndex === undefined || !/^\d+$/.test(rawIndex)) return null
  return { mediaId, index: Number(rawIndex) }
}

/**
 * /ads-center/{id}/media (add) and /ads-center/{id}/media/{mediaId}/{index}
 * (edit): the schedules' add/edit media form, saving the advertisement's
 * media list (spec 2 §2 'Add media to an advertisement'). New media go to the
 * end of the list; an edit replaces the item at {index}, which must be
 * {mediaId}.
 */
export function AdMediaPage() {
  const params = useParams()
  const id = params.id ?? ''
  const route = mediaRoute(params['*'])
  const { franchise } = useSession()
  const ad = useAd(franchise?.slug, id)
  useFollowForbidden(ad.error)
  const back = `/ads-center/${encodeURIComponent(id)}`

  let content: React.ReactNode
  if (!ad.data) {
    const missing = isApiError(ad.error) && ad.error.statusCode === 404
    content = ad.isLoading ? (
      <Loader2 className="animate-spin" aria-label="Carregando" />
    ) : (
      <p className="text-muted-foreground">{!id ? AD_GUARDS.idUndefined : missing ? AD_GUARDS.notFound : errorText(ad.error, AD_GUARDS.notFound)}</p>
    )
  } else {
    const item = route?.index === undefined ? undefined : ad.data.media[route.index]
    if (!route || (route.mediaId !== undefined && item?.id !== route.mediaId)) {
      // 100101 'Mídia não encontrada.'
      content = <p className="text-muted-foreground">{messageForCode(100101)}</p>
    } else if (item && isAdSlot(item)) {
      content = <p className="text-muted-foreground">{SLOT_EDIT_REFUSED}</p>
    } else {
      content = (
        <AdMediaForm
          key={`${route.mediaId ?? ''}/${route.index ?? ''}`}
          ad={ad.data}
          franchise={franchise?.slug ?? ''}
          timeZone={franchise?.timeZone || DEFAULT_TIME_ZONE}
          editIndex={route.index}
          back={back}
        />
      )
    }
  }

  return (
    <div className="grid max-w-3xl grid-cols-1 gap-6">
      <PageHeader
        title={ad.data ? `Editando Anúncio > ${ad.data.name}` : 'Editando Anúncio'}
        description={route?.mediaId !== undefined ? 'Atualizar Mídia' : 'Adicionar Mídia'}
        actions={
          <Button asChild variant="outline">
            <Link to={back}>
              <ArrowLeft /> Voltar
            </Link>
          </Button>
        }
      />
      <Card>
        <CardContent className="pt-6">{content}</CardContent>
      </Card>
    </div>
  )
}

type FormProps = { ad: Advertise; franchise: string; timeZone: string; editIndex?: number; back: string }

/** The form on the loaded advertisement: its display time is what new media play. */
function AdMediaForm({ ad, franchise, timeZone, editIndex, back }: FormProps) {
  const navigate = useNavigate()
  const media = useSaveAdMedia(ad.id, ad)
  const entry = editIndex === undefined ? undefined : ad.media[editIndex]
  return (
    <React.Suspense fallback={<Loader2 className="animate-spin" aria-label="Carregando" />}>
      <LazyMediaEntriesForm
        franchise={franchise}
        timeZone={timeZone}
        targetId={ad.id}
        entry={entry}
        defaultDisplayTime={ad.displayTime}
        period={{ startAt: ad.startAt, endsAt: ad.endsAt }}
        pending={media.isPending}
        picker={MediaPickerDialog}
        onSave={(added) => media.save(withFormItems(ad.media, added, editIndex), { onSuccess: () => void navigate(back) })}
      />
    </React.Suspense>
  )
}
