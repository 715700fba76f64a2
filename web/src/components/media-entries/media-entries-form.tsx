import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Loader2, X } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'
import { EntryRulesFields } from './entry-rules-fields'
import {
  emptyMediaForm,
  entryDates,
  formEntries,
  formFromEntry,
  mediaFormSchema,
  outsidePeriodProblem,
  withChosenMedia,
  type BookedPeriod,
  type EditableEntry,
  type MediaFormValues,
  type MediaPickerProps,
  type MediaRules,
} from './media-form'

export type MediaEntriesFormProps = {
  franchise: string
  timeZone: string
  /** Where the media goes: a schedule's or an advertisement's id; '' until one is chosen ('Selecione uma programação'). */
  targetId: string
  /** Editing: the entry as it is now ('Atualizar Mídia'); adding without one ('Adicionar Mídia'). */
  entry?: EditableEntry
  /** The display time filled in when media are chosen (an advertisement's); the first media's own without it. */
  defaultDisplayTime?: number
  /** The entries to save: one per chosen media, all with the form's settings. */
  onSave: (entries: MediaRules[]) => void
  /** A save is running: the button waits. */
  pending: boolean
  /** The button stays off (what the media goes to is not loaded yet). */
  disabled?: boolean
  /** Shown first, with the form's 'Selecione uma programação' error (guided action). */
  targetField?: (error?: string) => React.ReactNode
  /** An advertisement's booked period: dates entirely outside it are warned about and not saved. */
  period?: BookedPeriod
  /** The library's media picker (features/medias' MediaPickerDialog). */
  picker: React.ComponentType<MediaPickerProps>
}

/**
 * The add/edit media form (spec 2 §2 'Add or edit media in a schedule', §4,
 * §5), shared by the schedules and the advertisements: it says what to save
 * through `onSave`, and the page saves it where it belongs.
 */
export function MediaEntriesForm({ franchise, timeZone, targetId, entry, defaultDisplayTime, onSave, pending, disabled, targetField, period, picker: MediaPicker }: MediaEntriesFormProps) {
  const editing = entry !== undefined
  const form = useForm<MediaFormValues>({ resolver: zodResolver(mediaFormSchema), defaultValues: emptyMediaForm(targetId) })
  const { register, setValue, getValues, control, formState } = form
  const errors = formState.errors
  const [pickerOpen, setPickerOpen] = React.useState(false)
  const [filledFrom, setFilledFrom] = React.useState<EditableEntry>()

  // Editing pre-fills every field once the entry is there.
  if (entry && filledFrom !== entry) {
    setFilledFrom(entry)
    form.reset(formFromEntry(entry, targetId, timeZone))
  }
  React.useEffect(() => {
    // The form's scheduleId field holds the target: its check says 'Selecione uma programação'.
    if (getValues('scheduleId') !== targetId) setValue('scheduleId', targetId, { shouldValidate: formState.isSubmitted })
  }, [targetId, getValues, setValue, formState.isSubmitted])

  const values = useWatch({ control }) as MediaFormValues
  const chosen = values.mediaSelected ?? []
  const hasMedia = chosen.length > 0
  const firstIsVideo = chosen[0]?.type === 'video'

  const choose = (media: MediaFormValues['mediaSelected']) => {
    form.reset({ ...withChosenMedia(getValues(), media, defaultDisplayTime) }, { keepErrors: false, keepIsSubmitted: true })
    if (formState.isSubmitted) void form.trigger()
  }

  // An advertisement's media dated entirely outside its booked period would never play.
  const outside =
    period && values.showAdvancedOptions && values.date ? outsidePeriodProblem(entryDates({ dateMode: values.dateMode, date: values.date }, timeZone), period, timeZone) : null

  const onSubmit = form.handleSubmit((data) => {
    if (outside) return
    onSave(formEntries(data, timeZone, entry))
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {targetField?.(errors.scheduleId?.message)}

      <div className="grid gap-2">
        <div className="flex items-center gap-2">
          <Checkbox
            id="media-multiple"
            checked={values.multipleImages}
            onCheckedChange={(on) => {
              setValue('multipleImages', !!on)
              choose([])
            }}
          />
          <Label htmlFor="media-multiple">Múltiplas imagens</Label>
        </div>
        {values.multipleImages && (
          <p className="text-sm text-muted-foreground">Somente imagens podem ser escolhidas, e todas recebem as mesmas configurações de exibição.</p>
        )}
      </div>

      <div className="grid gap-2">
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => setPickerOpen(true)}>
          Selecionar Arquivos de Mídia
        </Button>
        {hasMedia && (
          <ul aria-label="Mídias selecionadas" className="flex flex-wrap gap-2">
            {chosen.map((media) => (
              <li key={media.id}>
                <Badge variant="secondary" className="gap-1 pr-1">
                  {media.name}
                  <button
                    type="button"
                    aria-label={`Remover ${media.name}`}
                    className="rounded-full p-0.5 hover:bg-muted-foreground/20"
                    onClick={() => choose(chosen.filter((c) => c.id !== media.id))}
                  >
                    <X className="size-3" />
                  </button>
                </Badge>
              </li>
            ))}
          </ul>
        )}
        {errors.mediaSelected && <p className="text-sm text-destructive">{errors.mediaSelected.message}</p>}
        {errors.name && <p className="text-sm text-destructive">{errors.name.message}</p>}
      </div>

      <FormField id="media-display-time" label="Tempo de Exibição da Mídia (em seg.)" error={errors.displayTime?.message} className="max-w-xs">
        <Input
          inputMode="numeric"
          placeholder="Ex.: 15"
          disabled={!hasMedia}
          autoComplete="off"
          {...register('displayTime')}
        />
      </FormField>

      <div className="flex items-center gap-2">
        <Checkbox
          id="media-advanced"
          disabled={!hasMedia}
          checked={values.showAdvancedOptions}
          onCheckedChange={(on) => setValue('showAdvancedOptions', !!on)}
        />
        <Label htmlFor="media-advanced" className={cn(!hasMedia && 'opacity-50')}>
          Exibir opções avançadas de exibição
        </Label>
      </div>

      {values.showAdvancedOptions && hasMedia && (
        <fieldset className="grid gap-5 rounded-md border p-4">
          <legend className="sr-only">Opções avançadas de exibição</legend>
          <EntryRulesFields form={form} idPrefix="media" wide dateProblem={outside} weekdayKey />

          {firstIsVideo && (
            <div className="grid max-w-xs gap-2">
              <Label htmlFor="media-volume">Volume de Exibição:</Label>
              <div className="flex items-center gap-3">
                <input
                  id="media-volume"
                  type="range"
                  min={0}
                  max={1}
                  step={0.1}
                  value={values.volume}
                  onChange={(e) => setValue('volume', Number(e.target.value))}
                  className="flex-1 accent-primary"
                />
                <span className="w-12 text-right text-sm tabular-nums">{Math.round((values.volume ?? 0) * 100)}%</span>
              </div>
            </div>
          )}
        </fieldset>
      )}

      <Button type="submit" className="justify-self-end" disabled={pending || disabled}>
        {pending && <Loader2 className="animate-spin" />} {editing ? 'Atualizar Mídia' : 'Adicionar Mídia'}
      </Button>

      <MediaPicker open={pickerOpen} onOpenChange={setPickerOpen} franchise={franchise} multiple={values.multipleImages} onSelect={choose} />
    </form>
  )
}
