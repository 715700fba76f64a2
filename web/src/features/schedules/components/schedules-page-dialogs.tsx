import { PreviewDialog } from './preview-dialog'
import { ScheduleActionDialogs, type ScheduleDialogState } from './schedule-actions'

type Props = { franchise: string; dialog: ScheduleDialogState; onClose: () => void }

/**
 * The list's dialogs (create, duplicate, delete, preview), a chunk of their
 * own with the form libraries: the list draws its rows without them.
 */
export function SchedulesPageDialogs({ franchise, dialog, onClose }: Props) {
  return (
    <>
      <ScheduleActionDialogs franchise={franchise} dialog={dialog?.kind === 'preview' ? null : dialog} onClose={onClose} />
      <PreviewDialog
        franchise={franchise}
        preview={dialog?.kind === 'preview' ? { scheduleId: dialog.schedule.id, at: dialog.at } : undefined}
        onClose={onClose}
      />
    </>
  )
}
