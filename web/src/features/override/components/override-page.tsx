import * as React from 'react'
import { Loader2, Siren } from 'lucide-react'
import { PageHeader } from '@/components/page-header'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { MultiSelect } from '@/components/ui/multi-select'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { Textarea } from '@/components/ui/textarea'
import type { ChosenMedia } from '@/components/media-entries/media-form'
import { useDisplays } from '@/features/displays'
import { MediaPickerDialog } from '@/features/medias'
import { useStores } from '@/features/stores'
import { toast } from '@/hooks/use-toast'
import { formatDateTime } from '@/lib/format'
import { compareNames } from '@/lib/name-order'
import { useSession } from '@/lib/session'
import { useClearOverride, useOverrideReach, useOverrides, useStartOverride, type Override, type OverrideInput, type OverrideTarget } from '../api/overrides'
import { ackLabel, confirmTitle, contrast, HEX, MIN_CONTRAST, periodLabel, stateLabels, targetLabel } from '../format'

type Values = {
  title: string
  text: string
  background: string
  color: string
  media: ChosenMedia | null
  target: OverrideTarget
  stores: string[]
  displays: string[]
  startNow: boolean
  startsAt: string // datetime-local
  untilCleared: boolean
  endsAt: string // datetime-local
}

const EMPTY: Values = {
  title: '',
  text: '',
  background: '#B91C1C',
  color: '#FFFFFF',
  media: null,
  target: 'all',
  stores: [],
  displays: [],
  startNow: true,
  startsAt: '',
  untilCleared: true,
  endsAt: '',
}

type Errors = Partial<Record<'title' | 'text' | 'colors' | 'stores' | 'displays' | 'startsAt' | 'endsAt', string>>

function check(v: Values): Errors {
  const e: Errors = {}
  if (!v.title.trim()) e.title = 'Digite o título da mensagem.'
  else if (v.title.trim().length > 80) e.title = 'O título pode ter até 80 caracteres.'
  if (v.text.trim().length > 500) e.text = 'O texto pode ter até 500 caracteres.'
  if (!HEX.test(v.background) || !HEX.test(v.color)) e.colors = 'Cor inválida: use o formato #RRGGBB.'
  else if (contrast(v.background, v.color) < MIN_CONTRAST) e.colors = 'As cores do fundo e do texto têm pouco contraste: escolha cores que se leiam de longe.'
  if (v.target === 'stores' && v.stores.length === 0) e.stores = 'Escolha ao menos uma loja.'
  if (v.target === 'displays' && v.displays.length === 0) e.displays = 'Escolha ao menos uma TV.'
  if (!v.startNow && !v.startsAt) e.startsAt = 'Informe o início.'
  if (!v.untilCleared) {
    if (!v.endsAt) e.endsAt = 'Informe o fim.'
    else if (new Date(v.endsAt).getTime() <= (v.startNow ? Date.now() : new Date(v.startsAt).getTime())) e.endsAt = 'O fim deve ser depois do início.'
  }
  return e
}

function toInput(v: Values): OverrideInput {
  return {
    target: v.target,
    stores: v.target === 'stores' ? v.stores : [],
    displays: v.target === 'displays' ? v.displays : [],
    title: v.title.trim(),
    text: v.text.trim(),
    background: v.background.toUpperCase(),
    color: v.color.toUpperCase(),
    media: v.media?.id ?? '',
    startsAt: v.startNow ? 0 : new Date(v.startsAt).getTime(),
    endsAt: v.untilCleared ? 0 : new Date(v.endsAt).getTime(),
  }
}

function ErrorText({ id, text }: { id: string; text?: string }) {
  if (!text) return null
  return (
    <p id={id} className="text-sm text-destructive">
      {text}
    </p>
  )
}

/** What the TVs will show, as they will show it. */
function Preview({ v }: { v: Values }) {
  const valid = HEX.test(v.background) && HEX.test(v.color)
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm font-medium">Prévia</figcaption>
      <div
        className="flex aspect-video flex-col items-center justify-center gap-2 overflow-hidden rounded-md border p-4 text-center"
        style={valid ? { background: v.background, color: v.color } : undefined}
        data-testid="override-preview"
      >
        {v.media?.url && v.media.type === 'image' && <img src={v.media.url} alt="" className="max-h-[45%] object-contain" />}
        {v.media?.url && v.media.type === 'video' && <video src={v.media.url} muted className="max-h-[45%] object-contain" />}
        <p className="text-xl font-bold break-words">{v.title.trim() || 'Título da mensagem'}</p>
        {v.text.trim() && <p className="text-sm break-words whitespace-pre-line">{v.text.trim()}</p>}
      </div>
    </figure>
  )
}

function ColorField({ id, label, value, onChange, invalid }: { id: string; label: string; value: string; onChange: (v: string) => void; invalid: boolean }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} (seletor)`}
          value={HEX.test(value) ? value.toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
          className="h-9 w-12 cursor-pointer rounded-md border bg-transparent p-1"
        />
        <Input id={id} value={value} onChange={(e) => onChange(e.target.value)} className="w-32 font-mono" aria-invalid={invalid || undefined} aria-describedby={invalid ? 'override-colors-error' : undefined} />
      </div>
    </div>
  )
}

// MomentField is the start or the end of an override: the open choice ('Agora',
// 'Até ser encerrada') or a chosen date and time.
function MomentField(p: {
  id: string
  legend: string
  openLabel: string
  inputLabel: string
  open: boolean
  onOpenChange: (open: boolean) => void
  value: string
  onChange: (value: string) => void
  error?: string
}) {
  const errorId = `${p.id}-error`
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{p.legend}</legend>
      <RadioGroup value={p.open ? 'open' : 'at'} onValueChange={(x) => p.onOpenChange(x === 'open')} className="grid gap-2">
        <div className="flex items-center gap-2">
          <RadioGroupItem id={`${p.id}-open`} value="open" />
          <Label htmlFor={`${p.id}-open`}>{p.openLabel}</Label>
        </div>
        <div className="flex items-center gap-2">
          <RadioGroupItem id={`${p.id}-at`} value="at" />
          <Label htmlFor={`${p.id}-at`}>Em</Label>
        </div>
      </RadioGroup>
      {!p.open && (
        <Input
          type="datetime-local"
          aria-label={p.inputLabel}
          value={p.value}
          onChange={(e) => p.onChange(e.target.value)}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={p.error ? errorId : undefined}
        />
      )}
      <ErrorText id={errorId} text={p.error} />
    </fieldset>
  )
}

function StartForm({ franchise }: { franchise: string | undefined }) {
  const [v, setV] = React.useState<Values>(EMPTY)
  const [errors, setErrors] = React.useState<Errors>({})
  const [picking, setPicking] = React.useState(false)
  const [confirm, setConfirm] = React.useState<{ reach: number; input: OverrideInput } | null>(null)
  const stores = useStores(franchise)
  const displays = useDisplays(franchise, { live: false })
  const reach = useOverrideReach(franchise)
  const start = useStartOverride(franchise)
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setV((old) => ({ ...old, [key]: value }))

  const storeOptions = React.useMemo(
    () => [...(stores.data ?? [])].sort((a, b) => compareNames(a.name, b.name)).map((s) => ({ value: s.slug, label: s.name })),
    [stores.data],
  )
  const displayOptions = React.useMemo(
    () =>
      [...(displays.data ?? [])]
        .sort((a, b) => compareNames(a.name, b.name))
        .map((d) => ({ value: d.id, label: `${d.name} · ${stores.data?.find((s) => s.slug === d.store)?.name ?? d.store}` })),
    [displays.data, stores.data],
  )

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault()
    const found = check(v)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const input = toInput(v)
    reach.mutate(input, {
      onSuccess: ({ reach: n }) => {
        if (n === 0) {
          toast({ title: 'Nenhuma TV recebe esta mensagem', description: 'Escolha lojas ou TVs com televisores cadastrados.', variant: 'destructive' })
          return
        }
        setConfirm({ reach: n, input })
      },
    })
  }

  const onConfirm = () => {
    if (!confirm) return
    start.mutate(confirm.input, {
      onSuccess: ({ override }) => {
        toast({
          title: override.state === 'scheduled' ? 'Mensagem agendada' : 'Mensagem em exibição',
          description: `${override.title} — ${confirmTitle(confirm.reach).replace('Exibir em ', '').replace('?', '')}.`,
        })
        setConfirm(null)
        setV(EMPTY)
      },
      onError: () => setConfirm(null),
    })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Nova mensagem</h2>
        </CardTitle>
        <CardDescription>
          A mensagem cobre a tela inteira das TVs escolhidas, por cima da programação e do rodapé — também nas TVs que descansam com a loja fechada. Ao terminar ou ser encerrada, as TVs voltam à programação.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid items-start gap-6 lg:grid-cols-[1fr_minmax(0,22rem)]" aria-label="Nova mensagem de emergência">
          <div className="grid gap-5">
            <div className="grid gap-2">
              <Label htmlFor="override-title">Título</Label>
              <Input
                id="override-title"
                value={v.title}
                maxLength={80}
                onChange={(e) => set('title', e.target.value)}
                aria-invalid={errors.title ? true : undefined}
                aria-describedby={errors.title ? 'override-title-error' : undefined}
              />
              <ErrorText id="override-title-error" text={errors.title} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="override-text">Texto</Label>
              <Textarea
                id="override-text"
                value={v.text}
                maxLength={500}
                rows={3}
                onChange={(e) => set('text', e.target.value)}
                aria-invalid={errors.text ? true : undefined}
                aria-describedby={errors.text ? 'override-text-error' : undefined}
              />
              <ErrorText id="override-text-error" text={errors.text} />
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Cores</legend>
              <div className="flex flex-wrap gap-4">
                <ColorField id="override-background" label="Cor do fundo" value={v.background} onChange={(c) => set('background', c)} invalid={!!errors.colors} />
                <ColorField id="override-color" label="Cor do texto" value={v.color} onChange={(c) => set('color', c)} invalid={!!errors.colors} />
              </div>
              <ErrorText id="override-colors-error" text={errors.colors} />
            </fieldset>
            <div className="grid gap-2">
              <span className="text-sm font-medium" id="override-media-label">
                Imagem ou vídeo (opcional)
              </span>
              <div className="flex flex-wrap items-center gap-2" role="group" aria-labelledby="override-media-label">
                <Button type="button" variant="outline" onClick={() => setPicking(true)} disabled={!franchise}>
                  {v.media ? 'Trocar mídia' : 'Escolher mídia'}
                </Button>
                {v.media && (
                  <>
                    <span className="text-sm">{v.media.name}</span>
                    <Button type="button" variant="ghost" onClick={() => set('media', null)}>
                      Remover mídia
                    </Button>
                  </>
                )}
              </div>
              {franchise && (
                <MediaPickerDialog
                  open={picking}
                  onOpenChange={setPicking}
                  franchise={franchise}
                  multiple={false}
                  onSelect={(chosen) => {
                    set('media', chosen[0] ?? null)
                    setPicking(false)
                  }}
                />
              )}
            </div>
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-medium">Onde exibir</legend>
              <RadioGroup value={v.target} onValueChange={(t) => set('target', t as OverrideTarget)} className="flex flex-wrap gap-4">
                {(
                  [
                    ['all', 'Todas as TVs'],
                    ['stores', 'Lojas escolhidas'],
                    ['displays', 'TVs escolhidas'],
                  ] as const
                ).map(([value, label]) => (
                  <div key={value} className="flex items-center gap-2">
                    <RadioGroupItem id={`override-target-${value}`} value={value} />
                    <Label htmlFor={`override-target-${value}`}>{label}</Label>
                  </div>
                ))}
              </RadioGroup>
              {v.target === 'stores' && (
                <div className="grid gap-2">
                  <Label htmlFor="override-stores">Lojas</Label>
                  <MultiSelect
                    id="override-stores"
                    options={storeOptions}
                    value={v.stores}
                    onChange={(s) => set('stores', s)}
                    placeholder="Selecione as lojas"
                    aria-invalid={errors.stores ? true : undefined}
                    aria-describedby={errors.stores ? 'override-stores-error' : undefined}
                  />
                  <ErrorText id="override-stores-error" text={errors.stores} />
                </div>
              )}
              {v.target === 'displays' && (
                <div className="grid gap-2">
                  <Label htmlFor="override-displays">TVs</Label>
                  <MultiSelect
                    id="override-displays"
                    options={displayOptions}
                    value={v.displays}
                    onChange={(d) => set('displays', d)}
                    placeholder="Selecione as TVs"
                    aria-invalid={errors.displays ? true : undefined}
                    aria-describedby={errors.displays ? 'override-displays-error' : undefined}
                  />
                  <ErrorText id="override-displays-error" text={errors.displays} />
                </div>
              )}
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <MomentField
                id="override-start"
                legend="Início"
                openLabel="Agora"
                inputLabel="Data e hora do início"
                open={v.startNow}
                onOpenChange={(x) => set('startNow', x)}
                value={v.startsAt}
                onChange={(x) => set('startsAt', x)}
                error={errors.startsAt}
              />
              <MomentField
                id="override-end"
                legend="Fim"
                openLabel="Até ser encerrada"
                inputLabel="Data e hora do fim"
                open={v.untilCleared}
                onOpenChange={(x) => set('untilCleared', x)}
                value={v.endsAt}
                onChange={(x) => set('endsAt', x)}
                error={errors.endsAt}
              />
            </div>
            <div>
              <Button type="submit" variant="destructive" disabled={!franchise || reach.isPending || start.isPending}>
                {reach.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Siren aria-hidden="true" />}
                Exibir mensagem
              </Button>
            </div>
          </div>
          <Preview v={v} />
        </form>
      </CardContent>
      <AlertDialog open={!!confirm} onOpenChange={(open) => !open && setConfirm(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{confirm ? confirmTitle(confirm.reach) : ''}</AlertDialogTitle>
            <AlertDialogDescription>
              {confirm?.input.startsAt ? `A partir de ${formatDateTime(confirm.input.startsAt)}, ` : 'Agora, '}
              {'a mensagem “'}
              {confirm?.input.title}
              {'” cobre a tela dessas TVs'}
              {confirm?.input.endsAt ? ` até ${formatDateTime(confirm.input.endsAt)}.` : ' até ser encerrada.'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              onClick={(e) => {
                e.preventDefault()
                onConfirm()
              }}
              disabled={start.isPending}
            >
              Exibir
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  )
}

const variants: Record<Override['state'], 'default' | 'secondary' | 'destructive' | 'outline'> = {
  active: 'destructive',
  scheduled: 'secondary',
  ended: 'outline',
  cleared: 'outline',
}

function OverrideItem({ o, onClear }: { o: Override; onClear: (o: Override) => void }) {
  const live = o.state === 'active' || o.state === 'scheduled'
  return (
    <li className="grid gap-2 rounded-md border p-4" aria-labelledby={`override-${o.id}-title`} data-override-id={o.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          <span className="inline-block size-5 shrink-0 rounded-sm border" style={{ background: o.background }} aria-hidden="true" />
          <h3 id={`override-${o.id}-title`} className="font-semibold">
            {o.title}
          </h3>
          <Badge variant={variants[o.state]}>{stateLabels[o.state]}</Badge>
        </div>
        {live && (
          <Button type="button" variant="outline" onClick={() => onClear(o)} aria-label={`Encerrar a mensagem ${o.title}`}>
            Encerrar
          </Button>
        )}
      </div>
      {o.text && <p className="text-sm whitespace-pre-line">{o.text}</p>}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-muted-foreground">Onde: </dt>
          <dd className="inline">{targetLabel(o)}</dd>
        </div>
        <div>
          <dt className="inline text-muted-foreground">Período: </dt>
          <dd className="inline">{periodLabel(o)}</dd>
        </div>
        <div>
          <dt className="inline text-muted-foreground">Iniciada por: </dt>
          <dd className="inline">{o.startedBy}</dd>
        </div>
        {o.clearedAt > 0 && (
          <div>
            <dt className="inline text-muted-foreground">Encerrada por: </dt>
            <dd className="inline">
              {o.clearedBy} em {formatDateTime(o.clearedAt)}
            </dd>
          </div>
        )}
        <div>
          <dt className="sr-only">Confirmações</dt>
          <dd className="font-medium" data-testid="override-acks">
            {ackLabel(o.acked, o.reach)}
          </dd>
        </div>
      </dl>
    </li>
  )
}

export function OverridePage() {
  const { franchise, user } = useSession()
  const slug = franchise?.slug
  const allowed = !!user?.canOverride
  const overrides = useOverrides(allowed ? slug : undefined)
  const clear = useClearOverride(slug)
  const [clearing, setClearing] = React.useState<Override | null>(null)
  const list = overrides.data?.overrides ?? []
  const live = list.filter((o) => o.state === 'active' || o.state === 'scheduled')
  const past = list.filter((o) => o.state === 'ended' || o.state === 'cleared')

  if (user && !allowed) {
    return (
      <div className="grid gap-6">
        <PageHeader title="Mensagem de emergência" />
        <p>Você não tem permissão para exibir mensagens de emergência. Peça a um administrador.</p>
      </div>
    )
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Mensagem de emergência" description="Uma mensagem em tela cheia nas TVs, por cima da programação, até terminar ou ser encerrada." />
      <section aria-labelledby="override-live-title" className="grid gap-3">
        <h2 id="override-live-title" className="text-lg font-semibold">
          Em exibição e agendadas
        </h2>
        {overrides.isLoading ? (
          <p className="text-sm text-muted-foreground">Carregando mensagens...</p>
        ) : live.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma mensagem em exibição ou agendada.</p>
        ) : (
          <ul className="grid gap-3">
            {live.map((o) => (
              <OverrideItem key={o.id} o={o} onClear={setClearing} />
            ))}
          </ul>
        )}
      </section>
      <StartForm franchise={slug} />
      {past.length > 0 && (
        <section aria-labelledby="override-past-title" className="grid gap-3">
          <h2 id="override-past-title" className="text-lg font-semibold">
            Encerradas nos últimos 7 dias
          </h2>
          <ul className="grid gap-3">
            {past.map((o) => (
              <OverrideItem key={o.id} o={o} onClear={setClearing} />
            ))}
          </ul>
        </section>
      )}
      <AlertDialog open={!!clearing} onOpenChange={(open) => !open && setClearing(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Encerrar a mensagem?</AlertDialogTitle>
            <AlertDialogDescription>
              {`“${clearing?.title ?? ''}” sai da tela de ${clearing?.reach ?? 0} ${clearing?.reach === 1 ? 'TV' : 'TVs'}, que voltam à programação.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              onClick={(e) => {
                e.preventDefault()
                if (!clearing) return
                clear.mutate(clearing.id, {
                  onSuccess: () => {
                    toast({ title: 'Mensagem encerrada', description: 'As TVs voltam à programação.' })
                    setClearing(null)
                  },
                  onError: () => setClearing(null),
                })
              }}
              disabled={clear.isPending}
            >
              Encerrar
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}
