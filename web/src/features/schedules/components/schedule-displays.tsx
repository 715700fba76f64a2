import * as React from 'react'
import { Link2Off, Loader2, Plus } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { useStores } from '@/features/stores'
import { toast } from '@/hooks/use-toast'
import { useFranchiseDisplays } from '../api/get-franchise-displays'
import { useLinkSchedule } from '../api/link-schedule'
import { useUnlinkSchedule } from '../api/unlink-schedule'

type Props = {
  franchise: string
  scheduleId: string
  /** Scroll here and focus the store select (the route's ?action=displays). */
  focus: boolean
}

/** The TV linking section of the schedule detail (spec 2 §2). */
export function ScheduleDisplays({ franchise, scheduleId, focus }: Props) {
  const stores = useStores(franchise)
  const displays = useFranchiseDisplays(franchise)
  const link = useLinkSchedule()
  const unlink = useUnlinkSchedule()
  const [store, setStore] = React.useState('')
  const [display, setDisplay] = React.useState('')
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

  const onAdd = () => {
    const tv = all.find((d) => d.id === display && d.store === store)
    if (!tv) return
    link.mutate(
      { display: { franchise, store: tv.store, id: tv.id }, scheduleId },
      {
        onSuccess: ({ display: saved }) => {
          toast({ title: 'Programação vinculada', description: `${saved.scheduleName || 'A programação'} está vinculada ao televisor ${saved.name}.` })
          setDisplay('')
        },
      },
    )
  }

  return (
    <section ref={sectionRef} aria-labelledby="schedule-displays-title" className="grid gap-4 rounded-lg border p-4">
      <h2 id="schedule-displays-title" className="font-semibold">
        Deseja adicionar essa programação em televisores?
      </h2>
      <div className="flex flex-wrap items-end gap-3">
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
                <SelectItem key={s.slug} value={s.slug}>
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
                <SelectItem key={tv.id} value={tv.id}>
                  {tv.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button type="button" onClick={onAdd} disabled={!display || link.isPending}>
          {link.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus />} Adicionar
        </Button>
      </div>
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
                  <TableCell className="font-medium">{tv.name}</TableCell>
                  <TableCell>{storeName.get(tv.store) ?? tv.store}</TableCell>
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
    </section>
  )
}
