import { loadDisplayDialogs, type DisplayRowAction } from '@/features/displays'
import { LiveViewDialog, NewDisplayScheduleField, NowPlayingDialog, ScheduleDialog } from '@/features/schedules'
import { loadStoreDialogs, type Store, type StoreCardAction } from '@/features/stores'
import { lazyComponent } from '@/lib/lazy'

// The TV and store dialogs come in chunks of their features (the cards and tables do not need them).
const DeleteDisplayDialog = lazyComponent(loadDisplayDialogs, (m) => m.DeleteDisplayDialog)
const DisplayCommandDialog = lazyComponent(loadDisplayDialogs, (m) => m.DisplayCommandDialog)
const DisplayCommandResultsDialog = lazyComponent(loadDisplayDialogs, (m) => m.DisplayCommandResultsDialog)
const DisplayDialog = lazyComponent(loadDisplayDialogs, (m) => m.DisplayDialog)
const DisplayHealthDialog = lazyComponent(loadDisplayDialogs, (m) => m.DisplayHealthDialog)
const DeleteStoreDialog = lazyComponent(loadStoreDialogs, (m) => m.DeleteStoreDialog)
const MessageDialog = lazyComponent(loadStoreDialogs, (m) => m.MessageDialog)
const StoreDialog = lazyComponent(loadStoreDialogs, (m) => m.StoreDialog)

/** Which of the overview's modals is open, and on what. */
export type OverviewDialog = { kind: 'store-new' } | { kind: 'message' } | StoreCardAction | DisplayRowAction

type Props = {
  /** The open dialog, or null. */
  dialog: OverviewDialog | null
  /** The last one opened: its content stays while it closes. */
  shown: OverviewDialog | null
  onOpenChange: (open: boolean) => void
  open: (next: OverviewDialog) => void
  franchise: string | undefined
  stores: Store[]
}

/**
 * The overview's dialogs on stores and TVs. A chunk of their own, mounted
 * once the first one opens: the page draws its cards without their code.
 */
export function OverviewDialogs({ dialog, shown: current, onOpenChange, open, franchise: slug, stores }: Props) {
  const isOpen = (kind: OverviewDialog['kind']) => dialog?.kind === kind
  return (
    <>
      <StoreDialog
        open={isOpen('store-new') || isOpen('store-edit')}
        onOpenChange={onOpenChange}
        franchise={slug}
        store={current?.kind === 'store-edit' ? current.store : undefined}
      />
      <DeleteStoreDialog
        open={isOpen('store-delete')}
        onOpenChange={onOpenChange}
        franchise={slug}
        store={current?.kind === 'store-delete' ? current.store : undefined}
      />
      <MessageDialog open={isOpen('message')} onOpenChange={onOpenChange} franchise={slug} stores={stores} />
      <DisplayDialog
        mode="create"
        open={isOpen('display-new')}
        onOpenChange={onOpenChange}
        franchise={slug}
        store={current?.kind === 'display-new' ? current.store : undefined}
        scheduleField={(field) => <NewDisplayScheduleField franchise={slug} {...field} />}
      />
      <DisplayDialog
        mode="edit"
        open={isOpen('display-edit')}
        onOpenChange={onOpenChange}
        franchise={slug}
        display={current?.kind === 'display-edit' ? current.display : undefined}
      />
      <DeleteDisplayDialog
        open={isOpen('display-delete')}
        onOpenChange={onOpenChange}
        franchise={slug}
        display={current?.kind === 'display-delete' ? current.display : undefined}
      />
      <ScheduleDialog
        open={isOpen('schedule')}
        onOpenChange={onOpenChange}
        franchise={slug}
        display={current?.kind === 'schedule' ? current.display : undefined}
      />
      <NowPlayingDialog
        open={isOpen('now-playing')}
        onOpenChange={onOpenChange}
        franchise={slug}
        display={current?.kind === 'now-playing' ? current.display : undefined}
      />
      <DisplayCommandDialog
        open={isOpen('command')}
        onOpenChange={onOpenChange}
        franchise={slug}
        command={current?.kind === 'command' ? current : undefined}
        onSent={(display) => open({ kind: 'command-results', display })}
      />
      <DisplayHealthDialog
        open={isOpen('health')}
        onOpenChange={onOpenChange}
        franchise={slug}
        display={current?.kind === 'health' ? current.display : undefined}
      />
      <LiveViewDialog
        open={isOpen('live')}
        onOpenChange={onOpenChange}
        franchise={slug}
        display={current?.kind === 'live' ? current.display : undefined}
      />
      <DisplayCommandResultsDialog
        open={isOpen('command-results')}
        onOpenChange={onOpenChange}
        franchise={slug}
        display={current?.kind === 'command-results' ? current.display : undefined}
      />
    </>
  )
}
