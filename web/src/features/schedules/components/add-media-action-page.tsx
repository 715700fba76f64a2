import * as React from 'react'
import { PageHeader } from '@/components/page-header'
import { Card, CardContent } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { DEFAULT_TIME_ZONE } from '@/lib/playback'
import { useSession } from '@/lib/session'
import { useSchedule } from '../api/get-schedule'
import { useScheduleRefs } from '../api/get-schedule-refs'
import { ScheduleMediaForm } from './schedule-media-form'
import { ScheduleSelect } from './schedule-select'

/** Guided action /action/add-media-to-schedule: choose a schedule, then the add-media form. */
export function AddMediaActionPage() {
  const { franchise } = useSession()
  const refs = useScheduleRefs(franchise?.slug)
  const [scheduleId, setScheduleId] = React.useState<string>()
  const schedule = useSchedule(franchise?.slug, scheduleId)

  return (
    <div className="grid max-w-3xl grid-cols-1 gap-6">
      <PageHeader title="Adicionar Mídia à Programação" description="Escolha a programação e as mídias que ela vai exibir." />
      <Card>
        <CardContent className="pt-6">
          <ScheduleMediaForm
            franchise={franchise?.slug ?? ''}
            timeZone={franchise?.timeZone || DEFAULT_TIME_ZONE}
            scheduleId={scheduleId ?? ''}
            schedule={schedule.data}
            scheduleField={(error) => (
              <div className="grid gap-2">
                <Label htmlFor="action-schedule" className={error ? 'text-destructive' : undefined}>
                  Programação
                </Label>
                <ScheduleSelect id="action-schedule" schedules={refs.data ?? []} value={scheduleId} onChange={setScheduleId} />
                {error && <p className="text-sm text-destructive">{error}</p>}
              </div>
            )}
          />
        </CardContent>
      </Card>
    </div>
  )
}
