import { Bell } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { LazyPopover } from '@/components/ui/lazy-popover'
import { cn } from '@/lib/utils'
import { releaseNoteLabels, releaseNotes, type ReleaseNoteType } from '../release-notes'
import { useReadNotes } from '../read-state'

const badgeVariant: Record<ReleaseNoteType, 'default' | 'secondary' | 'outline'> = {
  feature: 'default',
  improvement: 'secondary',
  bugfix: 'outline',
}

/** 'Notificações': its button from the first draw, the popover's code on first use. */
export function NotificationsPopover() {
  const { readIds, markRead } = useReadNotes()
  const unread = releaseNotes.filter((note) => !readIds.has(note.id)).length

  return (
    <LazyPopover
      align="end"
      className="w-96 p-0"
      trigger={
        // Named by its text, so the name holds what it shows: 'Notificações 3 não lidas'.
        <Button variant="ghost" size="icon" className="relative">
          <Bell aria-hidden="true" />
          <span className="sr-only">Notificações</span>
          {unread > 0 && (
            <span
              data-testid="notifications-unread"
              className="absolute -right-0.5 -top-0.5 flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-4 text-white dark:bg-[color-mix(in_oklab,var(--destructive)_60%,var(--background))]"
            >
              {unread}
              <span className="sr-only"> não lidas</span>
            </span>
          )}
        </Button>
      }
    >
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 className="text-sm font-semibold">Novidades da Plataforma</h2>
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0 text-xs"
          disabled={unread === 0}
          onClick={() => markRead(releaseNotes.map((note) => note.id))}
        >
          Marcar todas como lidas
        </Button>
      </div>
      <ul className="max-h-96 overflow-y-auto" aria-label="Novidades">
        {releaseNotes.map((note) => {
          const isRead = readIds.has(note.id)
          return (
            <li key={note.id} className="border-b last:border-0">
              <button
                type="button"
                onClick={() => markRead([note.id])}
                className={cn(
                  'grid w-full gap-1 px-4 py-3 text-left transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
                  !isRead && 'bg-muted/60',
                )}
                aria-label={`${note.title}${isRead ? '' : ' (não lida)'}`}
              >
                <span className="flex items-center gap-2">
                  <Badge variant={badgeVariant[note.type]}>{releaseNoteLabels[note.type]}</Badge>
                  {!isRead && <span className="size-2 rounded-full bg-destructive" aria-hidden="true" />}
                </span>
                <span className="text-sm font-medium">{note.title}</span>
                <span className="text-xs text-muted-foreground whitespace-normal">{note.description}</span>
              </button>
            </li>
          )
        })}
      </ul>
    </LazyPopover>
  )
}
