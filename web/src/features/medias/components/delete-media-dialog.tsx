import * as React from 'react'
import { Link } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { sortByName } from '@/lib/name-order'
import type { Media, ScheduleRef } from '../types'

/** The schedules that play any of the media, once each, in name order. */
export function linkedSchedules(media: readonly Media[]): ScheduleRef[] {
  const byId = new Map<string, ScheduleRef>()
  for (const m of media) for (const s of m.schedules ?? []) byId.set(s.id, s)
  return sortByName([...byId.values()])
}

type Props = {
  media: Media[]
  open: boolean
  onOpenChange: (open: boolean) => void
  pending: boolean
  onConfirm: () => void
}

export function DeleteMediaDialog({ media: given, open, onOpenChange, pending, onConfirm }: Props) {
  // Keep the last list while the dialog animates out.
  const [last, setLast] = React.useState(given)
  if (given.length > 0 && given !== last) setLast(given)
  const media = given.length > 0 ? given : last
  const schedules = linkedSchedules(media)
  const single = media.length === 1
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Tem certeza?"
      description={
        single ? (
          <>
            A mídia <strong className="font-medium text-foreground">{media[0].name}</strong> será excluída da biblioteca.
          </>
        ) : (
          <>{media.length} mídias selecionadas serão excluídas da biblioteca.</>
        )
      }
      confirmLabel="Excluir"
      destructive
      pending={pending}
      onConfirm={onConfirm}
    >
      {!single && media.length > 0 && (
        <ul className="max-h-32 list-disc overflow-y-auto pl-5 text-sm" aria-label="Mídias a excluir">
          {media.map((m) => (
            <li key={m.id}>{m.name}</li>
          ))}
        </ul>
      )}
      {schedules.length > 0 && (
        <div className="grid gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
          <p>
            {single ? 'Esta mídia está vinculada' : 'Estas mídias estão vinculadas'} às programações abaixo e{' '}
            {single ? 'será removida' : 'serão removidas'} delas:
          </p>
          <ul className="grid gap-1" aria-label="Programações vinculadas">
            {schedules.map((s) => (
              <li key={s.id}>
                <Link to={`/schedule/${encodeURIComponent(s.id)}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {s.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-sm text-muted-foreground">Após confirmar, a ação não poderá ser desfeita.</p>
    </ConfirmDialog>
  )
}
