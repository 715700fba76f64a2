import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'
import type { LocalItem, LocalVersion } from '../api/types'
import { datesText } from '../lib/dates'
import { MediaThumb } from './media-thumb'

export type VersionState = 'approved' | 'pending' | 'rejected'

/** An item's state as the store reads it. */
export function stateText(state: VersionState, reason = '') {
  if (state === 'approved') return 'Aprovado'
  if (state === 'pending') return 'Aguardando aprovação'
  return reason ? `Recusado: ${reason}` : 'Recusado'
}

const stateStyles: Record<VersionState, string> = {
  approved: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100',
  pending: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50',
  rejected: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
}

export function StateBadge({ state, reason }: { state: VersionState; reason?: string }) {
  return (
    <Badge variant="outline" className={cn('max-w-full whitespace-normal text-left [overflow-wrap:anywhere]', stateStyles[state])}>
      {stateText(state, reason)}
    </Badge>
  )
}

/** One version of an item: its thumbnail, name, dates and state. */
function VersionRow({ version, state, reason, note, timeZone }: { version: LocalVersion; state: VersionState; reason?: string; note?: string; timeZone: string }) {
  const gone = !version.media.url
  return (
    <div className="flex min-w-0 items-start gap-3">
      <MediaThumb media={version.media} />
      <div className="grid min-w-0 gap-1">
        <span className="font-medium [overflow-wrap:anywhere]">{version.media.name}</span>
        <span className="text-sm text-muted-foreground">{datesText(version, timeZone)}</span>
        <span className="flex flex-wrap items-center gap-2">
          <StateBadge state={state} reason={reason} />
          {note && <span className="text-xs text-muted-foreground">{note}</span>}
          {gone && <span className="text-xs text-destructive">Arquivo indisponível</span>}
        </span>
      </div>
    </div>
  )
}

/** The version shown first: the one sent when there is one, the approved one otherwise. */
export function shownVersion(item: LocalItem): LocalVersion {
  return (item.draft ?? item.live)!
}

/**
 * An item as the store's list shows it. An approved item with a change sent
 * shows both: the approved one plays meanwhile.
 */
export function ItemVersions({ item, timeZone }: { item: LocalItem; timeZone: string }) {
  const { live, draft } = item
  if (live && draft) {
    return (
      <div className="grid min-w-0 gap-3">
        <VersionRow version={live} state="approved" note="passando nas TVs enquanto a alteração aguarda" timeZone={timeZone} />
        <VersionRow version={draft} state={item.state} reason={item.reason} note="alteração enviada" timeZone={timeZone} />
      </div>
    )
  }
  const version = shownVersion(item)
  return <VersionRow version={version} state={item.state} reason={item.reason} timeZone={timeZone} />
}
