import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Lock, RotateCcw, RotateCw } from 'lucide-react'
import { Controller, useForm } from 'react-hook-form'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/hooks/use-toast'
import { requireFranchise } from '@/lib/guards'
import { cn } from '@/lib/utils'
import { useCreateDisplay } from '../api/create-display'
import type { Display } from '../api/types'
import { useUpdateDisplay } from '../api/update-display'
import { orientationAngle, orientationLabel, rotate } from '../orientation'
import { displaySchema, type DisplayFormValues } from '../schemas'
import { OrientationPreview } from './orientation-preview'

/** The store a new TV goes to. */
type StoreRef = { slug: string; name: string }

/** The schedule a new TV starts with: the field's id, its value (undefined: none) and its change. */
export type ScheduleFieldProps = { id: string; value: string | undefined; onChange: (scheduleId: string | undefined) => void }

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string | undefined
} & (
  | {
      mode: 'create'
      store: StoreRef | undefined
      /**
       * The optional 'Programação' field, given by the screen (schedules are
       * their own feature); it draws nothing while the group has no schedule.
       */
      scheduleField?: (field: ScheduleFieldProps) => React.ReactNode
    }
  | { mode: 'edit'; display: Display | undefined }
)

export function DisplayDialog(props: Props) {
  const { open, onOpenChange, franchise } = props
  const editing = props.mode === 'edit' ? props.display : undefined
  const store = props.mode === 'create' ? props.store : undefined
  const create = useCreateDisplay()
  const update = useUpdateDisplay()
  const pending = create.isPending || update.isPending
  const [nameUnlocked, setNameUnlocked] = React.useState(false)

  const form = useForm<DisplayFormValues>({
    resolver: zodResolver(displaySchema),
    defaultValues: { name: '', device: '', contentOrientation: 0, scheduleId: undefined },
  })
  const { errors } = form.formState

  // Each opening starts afresh: the name locked again (set while rendering, so
  // the first frame is right) and the form reset (react-hook-form keeps its
  // own state, so that happens in the effect).
  const [opening, setOpening] = React.useState<{ open: boolean; editing?: Display }>({ open: false })
  if (opening.open !== open || opening.editing !== editing) {
    setOpening({ open, editing })
    if (open) setNameUnlocked(false)
  }
  React.useEffect(() => {
    if (!open) return
    form.reset({
      name: editing?.name ?? '',
      device: editing?.device ?? '',
      contentOrientation: editing?.contentOrientation ?? 0,
      scheduleId: undefined,
    })
  }, [open, editing, form])

  const onSubmit = form.handleSubmit((values) => {
    if (!requireFranchise(franchise)) return
    if (editing) {
      update.mutate(
        {
          display: { franchise, store: editing.store, id: editing.id },
          changes: {
            ...(nameUnlocked ? { name: values.name.trim() } : {}),
            contentOrientation: values.contentOrientation,
          },
        },
        {
          onSuccess: ({ display }) => {
            toast({ title: 'Televisor atualizado', description: `O televisor ${display.name} foi atualizado.` })
            onOpenChange(false)
          },
        },
      )
    } else if (store) {
      create.mutate(
        {
          franchise,
          store: store.slug,
          input: {
            name: values.name.trim(),
            device: values.device.trim(),
            contentOrientation: values.contentOrientation,
            scheduleId: values.scheduleId,
          },
        },
        {
          onSuccess: ({ display }) => {
            toast({ title: 'Televisor criado', description: `O televisor ${display.name} foi adicionado à loja ${store.name}.` })
            onOpenChange(false)
          },
        },
      )
    }
  })

  const scheduleField = props.mode === 'create' ? props.scheduleField : undefined

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? 'Editar Televisor' : 'Adicionar Televisor'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'O código do dispositivo não pode ser alterado depois do cadastro.'
              : `Digite o código que aparece na tela do TV box${store ? ` para cadastrá-lo na loja ${store.name}` : ''}.`}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-5">
          <FormField id="display-device" label="Código do dispositivo" error={errors.device?.message}>
            <Input
              className={cn('font-mono uppercase', editing && 'bg-muted text-muted-foreground')}
              autoComplete="off"
              spellCheck={false}
              readOnly={!!editing}
              {...form.register('device')}
            />
          </FormField>
          <div className="grid gap-2">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor="display-name" className={cn(errors.name && 'text-destructive')}>
                Nome do televisor
              </Label>
              {editing && (
                <div className="flex items-center gap-2">
                  <Switch id="display-name-unlock" checked={nameUnlocked} onCheckedChange={setNameUnlocked} />
                  <Label htmlFor="display-name-unlock" className="text-sm font-normal text-muted-foreground">
                    Editar nome
                  </Label>
                </div>
              )}
            </div>
            <div className="relative">
              <Input
                id="display-name"
                readOnly={!!editing && !nameUnlocked}
                className={cn(editing && !nameUnlocked && 'bg-muted pr-9 text-muted-foreground')}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? 'display-name-error' : undefined}
                {...form.register('name')}
              />
              {editing && !nameUnlocked && (
                <Lock className="absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
              )}
            </div>
            {errors.name && (
              <p id="display-name-error" role="alert" className="text-sm text-destructive">
                {errors.name.message}
              </p>
            )}
          </div>

          <Controller
            control={form.control}
            name="contentOrientation"
            render={({ field }) => (
              <div className="grid gap-2">
                <span className="text-sm font-medium leading-none">Orientação do conteúdo</span>
                <div className="flex flex-wrap items-center gap-4">
                  <OrientationPreview index={field.value} />
                  <div className="grid min-w-0 gap-2">
                    <p className="text-sm" aria-live="polite" data-testid="orientation-value">
                      <span className="font-semibold">{orientationLabel(field.value)}</span>{' '}
                      <span className="text-muted-foreground">({orientationAngle(field.value)}°)</span>
                    </p>
                    <div className="grid gap-2">
                      <Button type="button" variant="outline" size="sm" className="justify-start" onClick={() => field.onChange(rotate(field.value, -1))}>
                        <RotateCcw /> Girar para a esquerda
                      </Button>
                      <Button type="button" variant="outline" size="sm" className="justify-start" onClick={() => field.onChange(rotate(field.value, 1))}>
                        <RotateCw /> Girar para a direita
                      </Button>
                    </div>
                  </div>
                </div>
              </div>
            )}
          />

          {!editing && scheduleField && (
            <Controller
              control={form.control}
              name="scheduleId"
              render={({ field }) => <>{scheduleField({ id: 'display-schedule', value: field.value, onChange: field.onChange })}</>}
            />
          )}

          <DialogFormFooter pending={pending} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
