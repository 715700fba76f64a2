import type * as React from 'react'
import { useNavigate } from 'react-router'
import { MediaEntriesForm } from '@/components/media-entries/media-entries-form'
import { MediaPickerDialog } from '@/features/medias'
import { toast } from '@/hooks/use-toast'
import type { ScheduleEntry } from '../api/types'
import { useSaveScheduleMedia } from '../api/update-schedule'
import { savedList } from '../entries'

type Props = {
  franchise: string
  timeZone: string
  /** The schedule the media goes to ('' until one is chosen in the guided action). */
  scheduleId: string
  schedule?: { id: string; hash: string; media: ScheduleEntry[] }
  /** Editing: the entry's position in the list. */
  editIndex?: number
  /** Shown first, with the form's 'Selecione uma programação' error (guided action). */
  scheduleField?: (error?: string) => React.ReactNode
}

/**
 * The add/edit media form of a schedule (spec 2 §2, §4, §5): new entries go
 * first, an edit replaces the entry at its index; then back to the schedule.
 */
export function ScheduleMediaForm({ franchise, timeZone, scheduleId, schedule, editIndex, scheduleField }: Props) {
  const navigate = useNavigate()
  const save = useSaveScheduleMedia()
  const entry = editIndex !== undefined ? schedule?.media[editIndex] : undefined

  return (
    <MediaEntriesForm
      franchise={franchise}
      timeZone={timeZone}
      targetId={scheduleId}
      entry={entry}
      pending={save.isPending}
      disabled={!!scheduleId && !schedule}
      targetField={scheduleField}
      picker={MediaPickerDialog}
      onSave={(added) => {
        if (!schedule) return
        save.mutate(
          { franchise, id: schedule.id, hash: schedule.hash, media: savedList(schedule.media, added, editIndex) },
          {
            onSuccess: () => {
              toast({ title: 'Programação atualizada.', description: 'A programação foi atualizada com sucesso.' })
              void navigate(`/schedule/${encodeURIComponent(schedule.id)}`)
            },
          },
        )
      }}
    />
  )
}
