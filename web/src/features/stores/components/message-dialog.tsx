import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Send } from 'lucide-react'
import { Controller, useForm } from 'react-hook-form'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { errorToast, toast } from '@/hooks/use-toast'
import { useSession } from '@/lib/session'
import { useNotifyStores } from '../api/notify-stores'
import type { Store } from '../api/types'
import { messageSchema, storeMessages, type MessageInput } from '../schemas'
import { RecentMessages } from './recent-messages'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string | undefined
  stores: Store[]
}

export function storeCountText(count: number) {
  return `${count} ${count === 1 ? 'loja' : 'lojas'}`
}

/** A WhatsApp message to the contacts of the chosen stores, above the franchise's recent messages. */
export function MessageDialog({ open, onOpenChange, franchise, stores }: Props) {
  const { status } = useSession()
  const notify = useNotifyStores()
  const form = useForm<MessageInput>({ resolver: zodResolver(messageSchema), defaultValues: { message: '', storeSlugList: [] } })
  const { errors } = form.formState

  React.useEffect(() => {
    if (open) form.reset({ message: '', storeSlugList: [] })
  }, [open, form])

  const onSubmit = form.handleSubmit((input) => {
    if (status !== 'authenticated') return void errorToast(storeMessages.loginRequired)
    if (!franchise) return void errorToast(storeMessages.groupRequired)
    notify.mutate(
      { franchise, input },
      {
        onSuccess: () => {
          toast({ title: 'Mensagem enviada', description: `A mensagem foi enviada para ${storeCountText(input.storeSlugList.length)}.` })
          onOpenChange(false)
        },
      },
    )
  })

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Enviar mensagem para lojas</DialogTitle>
          <DialogDescription>A mensagem vai por WhatsApp para os contatos das lojas que recebem notificações.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="message-text" label="Mensagem" error={errors.message?.message}>
            <Textarea rows={4} maxLength={4096} placeholder="Digite a mensagem" {...form.register('message')} />
          </FormField>
          <Controller
            control={form.control}
            name="storeSlugList"
            render={({ field }) => {
              const chosen = new Set(field.value)
              const all = stores.length > 0 && stores.every((s) => chosen.has(s.slug))
              const some = !all && stores.some((s) => chosen.has(s.slug))
              const toggle = (slug: string, on: boolean) => {
                const next = new Set(chosen)
                if (on) next.add(slug)
                else next.delete(slug)
                field.onChange(stores.filter((s) => next.has(s.slug)).map((s) => s.slug))
              }
              return (
                <fieldset className="grid gap-2" aria-describedby={errors.storeSlugList ? 'message-stores-error' : undefined}>
                  <legend className="mb-2 text-sm font-medium">Lojas</legend>
                  {stores.length === 0 ? (
                    <p className="text-sm text-muted-foreground">Nenhuma loja cadastrada.</p>
                  ) : (
                    <>
                      <div className="flex items-center gap-2 border-b pb-2">
                        <Checkbox
                          id="message-all"
                          checked={all ? true : some ? 'indeterminate' : false}
                          onCheckedChange={(value) => field.onChange(value === true ? stores.map((s) => s.slug) : [])}
                        />
                        <Label htmlFor="message-all">Selecionar todas</Label>
                      </div>
                      <div className="grid max-h-56 gap-2 overflow-y-auto sm:grid-cols-2">
                        {stores.map((store) => (
                          <div key={store.slug} className="flex items-center gap-2">
                            <Checkbox
                              id={`message-store-${store.slug}`}
                              checked={chosen.has(store.slug)}
                              onCheckedChange={(value) => toggle(store.slug, value === true)}
                            />
                            <Label htmlFor={`message-store-${store.slug}`} className="truncate font-normal">
                              {store.name}
                            </Label>
                          </div>
                        ))}
                      </div>
                    </>
                  )}
                  {errors.storeSlugList && (
                    <p id="message-stores-error" role="alert" className="text-sm text-destructive">
                      {errors.storeSlugList.message}
                    </p>
                  )}
                </fieldset>
              )
            }}
          />
          <DialogFormFooter pending={notify.isPending} submitLabel="Enviar" submitIcon={<Send />} />
        </form>
        <RecentMessages franchise={franchise} />
      </DialogContent>
    </Dialog>
  )
}
