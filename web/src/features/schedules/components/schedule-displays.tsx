import * as React from 'react'
import { Link2Off, Loader2, Plus } from 'lucide-react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { TruncatedText } from '@/components/truncated-text'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { useDisplays, useLinkSchedule, useUnlinkSchedule } from '@/features/displays'
import { useStores } from '@/features/stores'
import { toast } from '@/hooks/use-toast'

type Props = {
  franchise: string
  scheduleId: string
  scheduleName: string
  /** Scroll here and focus the store select (the route's ?action=displays). */
  focus: boolean
  /** The member may link TVs to this schedule (a franchisee: only one 'Disponível para franqueados'); unlinking stays. */
  canLink?: boolean
}

/** The TV linking section of the schedule detail (spec 2 §2). */
export function ScheduleDisplays({ franchise, scheduleId, scheduleName, focus, canLink = true }: Props) {
  const stores = useStores(franchise)
  const displays = useDisplays(franchise, { live: false })
  const link = useLinkSchedule()
  const unlink = useUnlinkSchedule()
  const [store, setStore] = React.useState('')
  const [display, setDisplay] = React.useState('')
  // A TV on another schedule leaves it: the operator confirms first.
  const [confirmMove, setConfirmMove] = React.useState(false)
  const sectionRef = React.useRef<HTMLElement>(null)
  const storeRef = React.useRef<HTMLButtonElement>(null)

  React.useEffect(() => {
    if (!focus) return
    sectionRef.current?.scrollIntoView({ block: 'start' })
    storeRef.current?.focus({ preventScroll: true })
  }, [focus])

  const storeName = React.useMemo(() => new Map((stores.data ?? []).map((s) => [s.slug, s.name])), [stores.data])
  const all = displays.data ?? []
  const linked = all.filter((tv) => tv.schedule === scheduleId)
  const choices = all.filter((tv) => tv.store === store && tv.schedule !== scheduleId)

  const chosen = all.find((d) => d.id === display && d.store === store)
  // The schedule the chosen TV plays now, which it leaves when this one is linked.
  const leaving = chosen?.schedule && chosen.schedule !== scheduleId ? chosen.scheduleName || 'outra programação' : ''

  const linkChosen = () => {
    if (!chosen) return
    link.mutate(
      { display: { franchise, store: chosen.store, id: chosen.id }, scheduleId },
      {
        onSuccess: ({ display: saved }) => {
          toast({ title: 'Programação vinculada', description: `${saved.scheduleName || 'A programação'} está vinculada ao televisor ${saved.name}.` })
          setDisplay('')
          setConfirmMove(false)
        },
        onError: () => setConfirmMove(false),
      },
    )
  }
  const onAdd = () => (leaving ? setConfirmMove(true) : linkChosen())

  return (
    <section ref={sectionRef} aria-labelledby="schedule-displays-title" className="grid gap-4 rounded-lg border p-4">
      <h2 id="schedule-displays-title" className="font-semibold">
        {canLink ? 'Deseja adicionar essa programação em televisores?' : 'Televisores'}
      </h2>
      {!canLink && <p className="text-sm text-muted-foreground">Esta programação não está disponível para franqueados.</p>}
      <div className="flex flex-wrap items-end gap-3" hidden={!canLink}>
        <div className="grid gap-1.5">
          <Label htmlFor="link-store">Loja</Label>
          <Select
            value={store}
            onValueChange={(next) => {
              setStore(next)
              setDisplay('')
            }}
          >
            <SelectTrigger id="link-store" ref={storeRef} className="w-60">
              <SelectValue placeholder="Selecione uma loja" />
            </SelectTrigger>
            <SelectContent>
              {(stores.data ?? []).map((s) => (
                <SelectItem key={s.slug} value={s.slug} title={s.name}>
                  {s.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="link-display">Televisor</Label>
          <Select value={display} onValueChange={setDisplay} disabled={!store}>
            <SelectTrigger id="link-display" className="w-60">
              <SelectValue placeholder={store && choices.length === 0 ? 'Nenhum televisor disponível' : 'Selecione um televisor'} />
            </SelectTrigger>
            <SelectContent>
              {choices.map((tv) => (
                <SelectItem key={tv.id} value={tv.id} title={tv.name}>
                  {tv.name}
                  {tv.schedule && <span className="text-muted-foreground"> · em {tv.scheduleName || 'outra programação'}</span>}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button type="button" onClick={onAdd} disabled={!chosen || link.isPending}>
          {link.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus />} Adicionar
        </Button>
      </div>
      {leaving && (
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]" role="note">
          Este televisor exibe hoje a programação {leaving}; ao adicionar, ele deixa essa programação.
        </p>
      )}
      <h3 id="schedule-displays-linked" className="font-medium">
        Televisores com essa programação:
      </h3>
      <div className="overflow-hidden rounded-md border">
        <Table aria-labelledby="schedule-displays-linked">
          <TableHeader>
            <TableRow>
              <TableHead>Televisor</TableHead>
              <TableHead>Loja</TableHead>
              <TableHead className="w-24">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {displays.isLoading ? (
              <TableRow>
                <TableCell colSpan={3} className="h-16 text-center text-muted-foreground">
                  Carregando televisores...
                </TableCell>
              </TableRow>
            ) : linked.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3} className="h-16 text-center text-muted-foreground">
                  Nenhum televisor com esta programação.
                </TableCell>
              </TableRow>
            ) : (
              linked.map((tv) => (
                <TableRow key={`${tv.store}/${tv.id}`}>
                  <TableCell className="w-1/2 max-w-0 font-medium">
                    <TruncatedText text={tv.name} />
                  </TableCell>
                  <TableCell className="w-1/2 max-w-0">
                    <TruncatedText text={storeName.get(tv.store) ?? tv.store} />
                  </TableCell>
                  <TableCell>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8 text-destructive"
                      aria-label={`Desvincular ${tv.name}`}
                      disabled={unlink.isPending}
                      onClick={() =>
                        unlink.mutate(
                          { display: { franchise, store: tv.store, id: tv.id } },
                          { onSuccess: () => toast({ title: 'Programação desvinculada', description: `O televisor ${tv.name} está sem programação.` }) },
                        )
                      }
                    >
                      <Link2Off />
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <ConfirmDialog
        open={confirmMove}
        onOpenChange={setConfirmMove}
        title="Trocar a programação do televisor?"
        description={
          chosen
            ? `O televisor ${chosen.name} (${storeName.get(chosen.store) ?? chosen.store}) sai da programação ${leaving} e passa a exibir ${scheduleName}.`
            : ''
        }
        confirmLabel="Trocar programação"
        pending={link.isPending}
        onConfirm={linkChosen}
      />
    </section>
  )
}
