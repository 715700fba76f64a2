import * as React from 'react'
import { CalendarPlus, Loader2 } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/hooks/use-toast'
import { useLinkSchedule, useUnlinkSchedule, type Display } from '@/features/displays'
import { useAbilities } from '@/lib/session'
import { linkable, useScheduleRefs } from '../api/get-schedule-refs'
import { ScheduleSelect } from './schedule-select'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string | undefined
  display: Display | undefined
}

/** Links a schedule to a TV, changes it, or unlinks it. */
export function ScheduleDialog({ open, onOpenChange, franchise, display }: Props) {
  const schedules = useScheduleRefs(franchise, { enabled: open })
  const { availableSchedulesOnly: availableOnly, editLibrary } = useAbilities()
  const link = useLinkSchedule()
  const unlink = useUnlinkSchedule()
  const [selected, setSelected] = React.useState('')
  const pending = link.isPending || unlink.isPending
  const linked = !!display?.schedule

  // Each opening starts from the TV's current schedule (set while rendering, so the first frame is right).
  const [opening, setOpening] = React.useState<{ open: boolean; display?: Display }>({ open: false })
  if (opening.open !== open || opening.display !== display) {
    setOpening({ open, display })
    if (open) setSelected(display?.schedule ?? '')
  }

  if (!display || !franchise) return null
  const ref = { franchise, store: display.store, id: display.id }
  const list = linkable(schedules.data ?? [], availableOnly)

  const onLink = () => {
    if (!selected) return
    link.mutate(
      { display: ref, scheduleId: selected },
      {
        onSuccess: ({ display: saved }) => {
          toast({ title: 'Programação vinculada', description: `${saved.scheduleName || 'A programação'} está vinculada ao televisor ${saved.name}.` })
          onOpenChange(false)
        },
      },
    )
  }

  const onUnlink = () => {
    unlink.mutate(
      { display: ref },
      {
        onSuccess: ({ display: saved }) => {
          toast({ title: 'Programação desvinculada', description: `O televisor ${saved.name} está sem programação.` })
          onOpenChange(false)
        },
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{linked ? 'Alterar programação' : 'Vincular programação'}</DialogTitle>
          <DialogDescription>
            {linked
              ? `O televisor ${display.name} exibe a programação ${display.scheduleName || display.schedule}.`
              : `Escolha a programação que o televisor ${display.name} vai exibir.`}
          </DialogDescription>
        </DialogHeader>
        {schedules.isLoading ? (
          <Skeleton className="h-9 w-full" />
        ) : list.length > 0 ? (
          <div className="grid gap-2">
            <Label htmlFor="schedule-select">Programação</Label>
            <ScheduleSelect id="schedule-select" schedules={list} value={selected} onChange={(id) => setSelected(id ?? '')} />
          </div>
        ) : (
          <div className="grid justify-items-start gap-3 rounded-md border border-dashed p-4 text-sm">
            <p className="text-muted-foreground">
              {availableOnly ? 'A rede ainda não deixou nenhuma programação disponível para franqueados.' : 'Nenhuma programação cadastrada neste grupo.'}
            </p>
            {editLibrary && (
              <Button asChild variant="outline" size="sm">
                <Link to="/action/create-schedule">
                  <CalendarPlus /> Criar programação
                </Link>
              </Button>
            )}
          </div>
        )}
        <DialogFooter className="gap-2 sm:justify-between">
          <div>
            {linked && (
              <Button type="button" variant="destructive" disabled={pending} onClick={onUnlink}>
                {unlink.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                Desvincular
              </Button>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancelar
              </Button>
            </DialogClose>
            <Button type="button" disabled={pending || !selected || selected === display.schedule} onClick={onLink}>
              {link.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Vincular
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
