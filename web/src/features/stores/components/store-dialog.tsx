import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { BellOff, BellRing, Pencil, Plus, Trash2 } from 'lucide-react'
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Separator } from '@/components/ui/separator'
import { errorToast, toast } from '@/hooks/use-toast'
import { maskPhone } from '@/lib/masks'
import { useSession } from '@/lib/session'
import { stateUF, zoneForState, zoneLabel } from '@/lib/time-zones'
import { useCreateStore } from '../api/create-store'
import { useStoreHours } from '../api/get-store-hours'
import { useSetStoreHours } from '../api/set-store-hours'
import type { Store } from '../api/types'
import { useUpdateStore } from '../api/update-store'
import { emptyHoursDraft, hoursBody, hoursChanged, hoursDraft, hoursFromDraft, type HoursDraft } from '../hours-draft'
import {
  contactSchema,
  emptyContact,
  isBlankContact,
  phoneTaken,
  repeatedPhone,
  repeatedPhoneMessage,
  storeMessages,
  storeSchema,
  toStoreBody,
  type Contact,
  type ContactInput,
  type StoreFormInput,
  type StoreFormValues,
} from '../schemas'
import { StoreHoursSection } from './store-hours-section'
import { TimeZoneField } from './time-zone-field'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string | undefined
  /** The store to edit; creates one when absent. */
  store?: Store
}

/** The zone of a group that says none. */
const DEFAULT_ZONE = 'America/Sao_Paulo'

function formValues(store?: Store, groupZone = DEFAULT_ZONE): StoreFormInput {
  return {
    name: store?.name ?? '',
    region: store?.region ?? '',
    state: store?.state ?? '',
    city: store?.city ?? '',
    phone: maskPhone(store?.phone ?? ''),
    timeZone: store?.timeZone || groupZone,
    contacts: (store?.contacts ?? []).map((c) => ({ ...c, phone: maskPhone(c.phone) })),
  }
}

/**
 * A phone field with the mask (DD) NNNN-NNNN or (DD) NNNNN-NNNN, for the store
 * and its contacts. No maxLength: the browser would cut a pasted
 * '+55 (81) 98765-4321' before the mask reads it; the mask keeps the length.
 */
function PhoneInput({ onChange, ...props }: React.ComponentProps<typeof Input>) {
  return (
    <Input
      type="tel"
      inputMode="numeric"
      placeholder="(00) 00000-0000"
      {...props}
      onChange={(event) => {
        event.target.value = maskPhone(event.target.value)
        onChange?.(event)
      }}
    />
  )
}

export function StoreDialog({ open, onOpenChange, franchise, store }: Props) {
  const create = useCreateStore()
  const update = useUpdateStore()
  const saveHours = useSetStoreHours()
  const pending = create.isPending || update.isPending || saveHours.isPending
  // The opening hours are their own resource (…/hours), saved after the store.
  const stored = useStoreHours(open && store ? franchise : undefined, store?.slug)
  const [hours, setHours] = React.useState<HoursDraft>(emptyHoursDraft)
  const [hoursError, setHoursError] = React.useState<string | null>(null)
  const [hoursFrom, setHoursFrom] = React.useState<unknown>(null)

  const session = useSession()
  const groupZone = session.franchise?.timeZone || DEFAULT_ZONE
  // A franchisee or a store manager edits the phone, contacts and hours
  // (a franchisee the zone too); the rest is the network's (docs/roles.md).
  const { abilities } = session
  const fixedDetails = !abilities.manageStores
  const form = useForm<StoreFormInput, unknown, StoreFormValues>({ resolver: zodResolver(storeSchema), defaultValues: formValues(undefined, groupZone) })
  const contacts = useFieldArray({ control: form.control, name: 'contacts' })
  const draft = useForm<ContactInput, unknown, Contact>({ resolver: zodResolver(contactSchema), defaultValues: emptyContact })
  // Index of the contact being edited in the draft form; null when adding.
  const [editing, setEditing] = React.useState<number | null>(null)
  // Why the contacts stop the store from being saved, shown above the draft.
  const [contactsProblem, setContactsProblem] = React.useState<string | null>(null)

  // Each opening starts afresh: no contact being edited (set while rendering,
  // so the first frame is right) and both forms reset (react-hook-form keeps
  // its own state, so that happens in the effect).
  // Why the zone is what it is: the store's, the group's, or the state's
  // suggestion. A zone the operator picks by hand is never replaced by one.
  const [zoneSource, setZoneSource] = React.useState<{ by: 'store' | 'group' | 'hand' } | { by: 'state'; uf: string }>({ by: 'group' })
  const [openings, setOpenings] = React.useState(0)
  const [opening, setOpening] = React.useState<{ open: boolean; store?: Store }>({ open: false })
  if (opening.open !== open || opening.store !== store) {
    setOpening({ open, store })
    if (open) {
      setEditing(null)
      setContactsProblem(null)
      setZoneSource({ by: store ? 'store' : 'group' })
      setOpenings((n) => n + 1)
      setHours(emptyHoursDraft())
      setHoursError(null)
      setHoursFrom(null)
    }
  }
  // The stored hours fill the section once they arrive.
  if (open && store && stored.data && hoursFrom !== stored.data) {
    setHoursFrom(stored.data)
    setHours(hoursDraft(stored.data))
  }
  React.useEffect(() => {
    if (!open) return
    form.reset(formValues(store, groupZone))
    draft.reset(emptyContact)
  }, [open, store, form, draft, groupZone])

  const suggestZone = (state: string) => {
    if (zoneSource.by === 'hand') return
    const zone = zoneForState(state)
    const uf = stateUF(state)
    if (!zone || !uf) return
    form.setValue('timeZone', zone, { shouldValidate: form.formState.isSubmitted })
    setZoneSource({ by: 'state', uf })
  }
  const timeZone = useWatch({ control: form.control, name: 'timeZone' })
  const zoneHint =
    zoneSource.by === 'state'
      ? `Sugerido pelo estado (${zoneSource.uf}). Os horários dos televisores da loja seguem este fuso.`
      : zoneSource.by === 'group' && timeZone === groupZone
        ? `O fuso do grupo (${zoneLabel(groupZone)}) até você escolher outro; o estado da loja sugere um.`
        : 'Os horários dos televisores da loja (programação, anúncios, relógio) seguem este fuso.'


  /** Checks the draft: valid and with a phone no other contact has. */
  const checkDraft = async () => {
    if (!(await draft.trigger())) return false
    if (phoneTaken(form.getValues('contacts'), draft.getValues('phone'), editing)) {
      draft.setError('phone', { message: storeMessages.repeatedPhone }, { shouldFocus: true })
      return false
    }
    return true
  }

  const clearDraft = () => {
    draft.reset(emptyContact)
    setEditing(null)
    setContactsProblem(null)
  }

  const saveDraft = async () => {
    if (!(await checkDraft())) return
    const contact = draft.getValues()
    if (editing === null) contacts.append(contact)
    else contacts.update(editing, contact)
    clearDraft()
  }

  const editContact = (index: number) => {
    draft.reset(form.getValues(`contacts.${index}`))
    setEditing(index)
  }

  const removeContact = (index: number) => {
    contacts.remove(index)
    setContactsProblem(null)
    if (editing === index) {
      draft.reset(emptyContact)
      setEditing(null)
    } else if (editing !== null && editing > index) setEditing(editing - 1)
  }

  const onSubmit = form.handleSubmit(async (values) => {
    if (!franchise) {
      errorToast(storeMessages.groupRequired)
      return
    }
    // A contact still in the draft form is saved with the store when it is
    // complete; one half typed stops the save and says so, never vanishes.
    const pendingDraft = draft.getValues()
    if (!isBlankContact(pendingDraft) && !(await checkDraft())) {
      setContactsProblem(storeMessages.draftIncomplete)
      return
    }
    let list: ContactInput[] = values.contacts
    if (!isBlankContact(pendingDraft)) {
      list = editing === null ? [...list, pendingDraft] : list.map((c, i) => (i === editing ? pendingDraft : c))
    }
    const withDraft = list.map((c) => contactSchema.parse(c))
    const repeated = repeatedPhone(withDraft)
    if (repeated) {
      setContactsProblem(repeatedPhoneMessage(repeated))
      return
    }
    setContactsProblem(null)
    // The hours are checked with the server's own rules before anything is saved.
    const opening = hoursFromDraft(hours)
    if (opening.error !== undefined) {
      setHoursError(opening.error)
      return
    }
    setHoursError(null)
    // Hours that could not be read are left as they are, never overwritten.
    const changedHours = !(store && stored.isError) && hoursChanged(hours, store ? stored.data : null)
    // Then the hours, when they changed; the dialog closes once both are saved.
    const thenHours = (slug: string, done: () => void) => {
      if (!changedHours) return done()
      saveHours.mutate({ franchise, slug, body: hoursBody(hours, opening.hours) }, { onSuccess: done })
    }
    const body = toStoreBody({ ...values, contacts: withDraft })
    if (store) {
      update.mutate(
        { franchise, slug: store.slug, body },
        {
          onSuccess: ({ store: saved }) =>
            thenHours(saved.slug, () => {
              toast({ title: 'Loja atualizada', description: `A loja ${saved.name} foi atualizada.` })
              onOpenChange(false)
            }),
        },
      )
    } else {
      create.mutate(
        { franchise, body },
        {
          onSuccess: ({ store: saved }) =>
            thenHours(saved.slug, () => {
              toast({ title: 'Loja criada', description: `A loja ${saved.name} foi criada.` })
              onOpenChange(false)
            }),
        },
      )
    }
  })

  const { errors } = form.formState
  const draftErrors = draft.formState.errors

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{store ? 'Editar Loja' : 'Adicionar Loja'}</DialogTitle>
          <DialogDescription>
            {!store
              ? 'Cadastre a loja, as pessoas que recebem as mensagens dela e o horário de funcionamento.'
              : fixedDetails
                ? 'Altere o telefone, os contatos e o horário de funcionamento da loja. Nome, endereço e região são da rede.'
                : 'Altere os dados, os contatos e o horário de funcionamento da loja.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="store-name" label="Nome" error={errors.name?.message} className="sm:col-span-2">
              <Input {...form.register('name')} readOnly={fixedDetails} />
            </FormField>
            <FormField id="store-region" label="Região" error={errors.region?.message}>
              <Input {...form.register('region')} readOnly={fixedDetails} />
            </FormField>
            <FormField id="store-state" label="Estado" error={errors.state?.message}>
              <Input
                {...form.register('state', { onChange: (event: React.ChangeEvent<HTMLInputElement>) => suggestZone(event.target.value) })}
                readOnly={fixedDetails}
              />
            </FormField>
            <FormField id="store-city" label="Cidade" error={errors.city?.message}>
              <Input {...form.register('city')} readOnly={fixedDetails} />
            </FormField>
            <FormField id="store-phone" label="Telefone" error={errors.phone?.message}>
              <PhoneInput {...form.register('phone')} />
            </FormField>
            <Controller
              control={form.control}
              name="timeZone"
              render={({ field }) => (
                <TimeZoneField
                  key={openings}
                  disabled={!abilities.editStoreZone}
                  value={field.value}
                  error={errors.timeZone?.message}
                  hint={zoneHint}
                  onChange={(zone) => {
                    field.onChange(zone)
                    setZoneSource({ by: 'hand' })
                  }}
                />
              )}
            />
          </div>

          <Separator />

          <fieldset className="grid gap-4">
            <legend className="mb-1 text-sm font-semibold">Contatos</legend>
            {contacts.fields.length > 0 ? (
              <ul className="grid gap-2" aria-label="Contatos da loja">
                {contacts.fields.map((field, index) => (
                  <li
                    key={field.id}
                    className="flex items-center gap-3 rounded-md border px-3 py-2 text-sm data-[editing=true]:border-primary"
                    data-editing={editing === index}
                  >
                    <div className="grid min-w-0 flex-1">
                      <span className="truncate font-medium">
                        {field.name} <span className="font-normal text-muted-foreground">· {field.role}</span>
                      </span>
                      <span className="text-muted-foreground tabular-nums">{maskPhone(field.phone)}</span>
                    </div>
                    {field.receiveNotify !== false ? (
                      <BellRing className="size-4 text-muted-foreground" aria-label="Notificações ativadas" role="img" />
                    ) : (
                      <BellOff className="size-4 text-muted-foreground" aria-label="Notificações desativadas" role="img" />
                    )}
                    <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Editar contato ${field.name}`} onClick={() => editContact(index)}>
                      <Pencil />
                    </Button>
                    <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Remover contato ${field.name}`} onClick={() => removeContact(index)}>
                      <Trash2 />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">Nenhum contato cadastrado.</p>
            )}

            {contactsProblem && (
              <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-destructive">
                {contactsProblem}
              </p>
            )}
            <div className="grid gap-4 rounded-md border border-dashed p-4 sm:grid-cols-2" role="group" aria-label={editing === null ? 'Novo contato' : 'Editar contato'}>
              <FormField id="contact-name" label="Nome do contato" error={draftErrors.name?.message}>
                <Input {...draft.register('name')} />
              </FormField>
              <FormField id="contact-role" label="Cargo" error={draftErrors.role?.message}>
                <Input {...draft.register('role')} />
              </FormField>
              <FormField id="contact-phone" label="Telefone" error={draftErrors.phone?.message}>
                <PhoneInput {...draft.register('phone')} />
              </FormField>
              <div className="flex items-end gap-2 pb-2">
                <Controller
                  control={draft.control}
                  name="receiveNotify"
                  render={({ field }) => (
                    <Checkbox id="contact-notify" checked={field.value !== false} onCheckedChange={(value) => field.onChange(value === true)} />
                  )}
                />
                <Label htmlFor="contact-notify">Recebe notificações</Label>
              </div>
              <div className="flex justify-end gap-2 sm:col-span-2">
                {editing !== null ? (
                  <Button type="button" variant="ghost" size="sm" onClick={clearDraft}>
                    Cancelar edição
                  </Button>
                ) : (
                  <Button type="button" variant="ghost" size="sm" onClick={clearDraft}>
                    Limpar
                  </Button>
                )}
                <Button type="button" variant="secondary" size="sm" onClick={() => void saveDraft()}>
                  {editing === null ? <Plus /> : <Pencil />}
                  {editing === null ? 'Adicionar contato' : 'Salvar contato'}
                </Button>
              </div>
            </div>
          </fieldset>

          <Separator />

          <StoreHoursSection
            value={hours}
            onChange={(next) => {
              setHours(next)
              setHoursError(null)
            }}
            error={hoursError}
            loading={!!store && stored.isPending && !stored.isError}
            onRetry={store && stored.isError ? () => void stored.refetch() : undefined}
          />

          <DialogFormFooter pending={pending} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
