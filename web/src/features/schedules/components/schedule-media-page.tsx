import { ArrowLeft, Loader2 } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { DEFAULT_TIME_ZONE } from '@/lib/playback'
import { useSession } from '@/lib/session'
import { useSchedule } from '../api/get-schedule'
import { ScheduleMediaForm } from './schedule-media-form'

/**
 * /schedule/{scheduleId}/media (add) and /schedule/{scheduleId}/media/{mediaId}/{mediaIndex} (edit);
 * other paths under the schedule show nothing.
 */
export function ScheduleMediaPage() {
  const params = useParams()
  const scheduleId = params.scheduleId ?? ''
  const [section, mediaId, rawIndex, ...extra] = (params['*'] ?? '').split('/').filter(Boolean)
  const { franchise } = useSession()
  const schedule = useSchedule(franchise?.slug, scheduleId)
  const index = rawIndex !== undefined && /^\d+$/.test(rawIndex) ? Number(rawIndex) : undefined
  const editing = mediaId !== undefined && index !== undefined
  const valid = section === 'media' && extra.length === 0 && (mediaId === undefined || editing)
  const back = `/schedule/${encodeURIComponent(scheduleId)}`
  const missing = editing && schedule.data && schedule.data.media[index]?.id !== mediaId

  return (
    <div className="grid max-w-3xl grid-cols-1 gap-6">
      <PageHeader
        title="Programações > Adicionar Mídia à Programação"
        description={schedule.data?.name}
        actions={
          <Button asChild variant="outline">
            <Link to={back}>
              <ArrowLeft /> Voltar
            </Link>
          </Button>
        }
      />
      <Card>
        <CardContent className="pt-6">
          {!valid || missing ? (
            <p className="text-muted-foreground">Mídia não encontrada nesta programação.</p>
          ) : schedule.isPending ? (
            <Loader2 className="animate-spin" aria-label="Carregando" />
          ) : (
            <ScheduleMediaForm
              franchise={franchise?.slug ?? ''}
              timeZone={franchise?.timeZone || DEFAULT_TIME_ZONE}
              scheduleId={scheduleId}
              schedule={schedule.data}
              editIndex={editing ? index : undefined}
            />
          )}
        </CardContent>
      </Card>
    </div>
  )
}
