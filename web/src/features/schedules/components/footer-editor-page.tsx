import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowLeft, Loader2 } from 'lucide-react'
import { Controller, useForm, useWatch, type Control, type FieldPath, type UseFormReturn } from 'react-hook-form'
import { Link, Navigate, useParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { MultiSelect } from '@/components/ui/multi-select'
import { Skeleton } from '@/components/ui/skeleton'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/hooks/use-toast'
import { DEFAULT_TIME_ZONE } from '@/lib/playback'
import { useSession } from '@/lib/session'
import { typedNumber } from '@/lib/validation'
import { useSchedule } from '../api/get-schedule'
import { useSaveFooter } from '../api/save-footer'
import type { BottomBar } from '../api/types'
import { COIN_SYMBOLS, COINS, footerParts, footerSchema, toBottomBar, toFooterValues, withFooterEnabled, type FooterParts, type FooterValues } from '../footer'
import { FooterPreview } from './footer-preview'

type Form = UseFormReturn<FooterValues>
type NumberField = 'height' | 'fSize' | 'fWeight' | 'clockSize' | 'weatherSize' | 'gap' | 'quoteSize'
type ColorField = 'bgColor' | 'color' | 'clockColor' | 'green' | 'red'

const COIN_OPTIONS = COINS.map((coin) => ({ value: coin, label: `${coin} (${COIN_SYMBOLS[coin]})` }))

/** A whole number as typed: the schema refuses '1.5', '-3', '1e2' with the field's message, nothing rewrites it. */
function NumberInput({ form, name, label, disabled }: { form: Form; name: NumberField; label: string; disabled?: boolean }) {
  return (
    <FormField id={`footer-${name}`} label={label} error={form.formState.errors[name]?.message}>
      <Input inputMode="numeric" autoComplete="off" disabled={disabled} {...form.register(name, { setValueAs: typedNumber })} />
    </FormField>
  )
}

/** A colour: the browser's picker plus the #RRGGBB text, kept in step. */
function ColorInput({ form, name, label, disabled }: { form: Form; name: ColorField; label: string; disabled?: boolean }) {
  const id = `footer-${name}`
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="grid gap-2">
          <Label htmlFor={id} className={fieldState.error ? 'text-destructive' : undefined}>
            {label}
          </Label>
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label={`${label} (seletor)`}
              className="h-9 w-12 shrink-0 cursor-pointer rounded border bg-transparent p-1 disabled:cursor-not-allowed disabled:opacity-50"
              value={/^#[0-9a-fA-F]{6}$/.test(field.value) ? field.value.toLowerCase() : '#000000'}
              disabled={disabled}
              onChange={(e) => field.onChange(e.target.value)}
            />
            <Input
              id={id}
              value={field.value}
              maxLength={7}
              disabled={disabled}
              aria-invalid={fieldState.error ? true : undefined}
              aria-describedby={fieldState.error ? `${id}-error` : undefined}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              className="font-mono"
            />
          </div>
          {fieldState.error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {fieldState.error.message}
            </p>
          )}
        </div>
      )}
    />
  )
}

function Toggle({ control, name, label, onChange, disabled }: { control: Control<FooterValues>; name: FieldPath<FooterValues>; label: string; onChange?: (on: boolean) => void; disabled?: boolean }) {
  const id = `footer-${name}`
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center gap-2">
          <Switch id={id} checked={!!field.value} disabled={disabled} onCheckedChange={(on) => (onChange ? onChange(on) : field.onChange(on))} />
          <Label htmlFor={id}>{label}</Label>
        </div>
      )}
    />
  )
}

function Section({ title, toggle, children }: { title: string; toggle?: React.ReactNode; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-4">
        <CardTitle>{title}</CardTitle>
        {toggle}
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">{children}</CardContent>
    </Card>
  )
}

/** The live preview: what the form would save, drawn at its own sizes. */
function LivePreview({ control, timeZone }: { control: Control<FooterValues>; timeZone: string }) {
  const values = useWatch({ control }) as FooterValues
  const parsed = footerSchema.safeParse(values)
  const bar: BottomBar | null = toBottomBar(parsed.success ? parsed.data : { ...values, height: clamp(values.height, 24, 160, 64), fSize: clamp(values.fSize, 16, 160, 22) })
  const [now] = React.useState(() => Date.now())
  return (
    <Card>
      <CardHeader>
        <CardTitle>Preview</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="overflow-x-auto rounded border bg-black/80">
          <div className="aspect-[16/3] min-w-[640px]" />
          {bar ? <FooterPreview bar={bar} moment={now} timeZone={timeZone} actualSize /> : <p className="bg-muted p-3 text-sm text-muted-foreground">Rodapé desativado.</p>}
        </div>
      </CardContent>
    </Card>
  )
}

const clamp = (v: number, min: number, max: number, fallback: number) => (Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback)

function FooterForm({ franchise, scheduleId, initial, timeZone }: { franchise: string; scheduleId: string; initial: FooterValues; timeZone: string }) {
  const form = useForm<FooterValues>({ resolver: zodResolver(footerSchema), defaultValues: initial })
  const save = useSaveFooter()
  const [enabled, clockEnabled, weatherEnabled, quoteEnabled] = useWatch({ control: form.control, name: ['enabled', 'clockEnabled', 'weatherEnabled', 'quoteEnabled'] })

  const onSubmit = form.handleSubmit((values) =>
    save.mutate({ franchise, id: scheduleId, bottomBar: toBottomBar(values) }, { onSuccess: () => toast({ title: 'Configurações salvas' }) }),
  )
  // The parts that were on when the footer was switched off, to turn back on with it.
  const partsBefore = React.useRef<FooterParts | undefined>(initial.enabled ? footerParts(initial) : undefined)
  const setEnabled = (on: boolean) => {
    const values = form.getValues()
    if (!on) partsBefore.current = footerParts(values)
    form.reset(withFooterEnabled(values, on, partsBefore.current), { keepDefaultValues: true, keepErrors: false, keepDirty: true })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Geral" toggle={<Toggle control={form.control} name="enabled" label="Exibir rodapé" onChange={setEnabled} />}>
          <NumberInput form={form} name="height" label="Altura (px)" disabled={!enabled} />
          <NumberInput form={form} name="fSize" label="Tamanho da fonte (px)" disabled={!enabled} />
          <ColorInput form={form} name="bgColor" label="Cor de fundo" disabled={!enabled} />
          <ColorInput form={form} name="color" label="Cor do texto" disabled={!enabled} />
          <NumberInput form={form} name="fWeight" label="Peso da fonte" disabled={!enabled} />
          <FormField id="footer-logo" label="Logo (URL)" error={form.formState.errors.logo?.message}>
            <Input type="url" placeholder="https://" disabled={!enabled} {...form.register('logo')} />
          </FormField>
        </Section>
        <Section title="Relógio" toggle={<Toggle control={form.control} name="clockEnabled" label="Exibir relógio" disabled={!enabled} />}>
          <ColorInput form={form} name="clockColor" label="Cor do relógio" disabled={!clockEnabled} />
          <NumberInput form={form} name="clockSize" label="Tamanho do relógio (px)" disabled={!clockEnabled} />
        </Section>
        <Section title="Clima" toggle={<Toggle control={form.control} name="weatherEnabled" label="Exibir clima" disabled={!enabled} />}>
          <NumberInput form={form} name="weatherSize" label="Tamanho da fonte do clima (px)" disabled={!weatherEnabled} />
        </Section>
        <Section title="Cotações" toggle={<Toggle control={form.control} name="quoteEnabled" label="Exibir cotações" disabled={!enabled} />}>
          <Controller
            control={form.control}
            name="coins"
            render={({ field, fieldState }) => (
              <FormField id="footer-coins" label="Moedas" error={fieldState.error?.message} className="sm:col-span-2">
                <MultiSelect options={COIN_OPTIONS} value={field.value} onChange={field.onChange} placeholder="Selecione as moedas" maxBadges={3} disabled={!quoteEnabled} />
              </FormField>
            )}
          />
          <NumberInput form={form} name="gap" label="Espaçamento (px)" disabled={!quoteEnabled} />
          <NumberInput form={form} name="quoteSize" label="Tamanho da fonte das cotações (px)" disabled={!quoteEnabled} />
          <ColorInput form={form} name="green" label="Cor de alta" disabled={!quoteEnabled} />
          <ColorInput form={form} name="red" label="Cor de baixa" disabled={!quoteEnabled} />
        </Section>
      </div>
      <LivePreview control={form.control} timeZone={timeZone} />
      <div className="flex justify-end gap-2">
        <Button asChild variant="outline">
          <Link to={`/schedule/${encodeURIComponent(scheduleId)}`}>Cancelar</Link>
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" />} Salvar
        </Button>
      </div>
    </form>
  )
}

/** 'Editar Rodapé' (/bottombar/{scheduleId}): admins and impersonating users only (spec 2 §6); others go back to the schedule. */
export function FooterEditorPage() {
  const { scheduleId = '' } = useParams()
  const { franchise, user, isImpersonating } = useSession()
  const schedule = useSchedule(franchise?.slug, scheduleId)
  const back = `/schedule/${encodeURIComponent(scheduleId)}`

  if (user && !user.isAdmin && !isImpersonating) return <Navigate to={back} replace />
  const data = schedule.data
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Editar Rodapé"
        description={data ? `Programação ${data.name}` : undefined}
        actions={
          <Button asChild variant="outline">
            <Link to={back}>
              <ArrowLeft /> Voltar
            </Link>
          </Button>
        }
      />
      {data && franchise ? (
        <FooterForm key={data.hash} franchise={franchise.slug} scheduleId={data.id} initial={toFooterValues(data.bottomBar)} timeZone={franchise.timeZone || DEFAULT_TIME_ZONE} />
      ) : schedule.isLoading ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <p className="text-muted-foreground">Programação não encontrada.</p>
      )}
    </div>
  )
}
