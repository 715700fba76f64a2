import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { toast } from '@/hooks/use-toast'
import { byName } from '@/lib/format'
import type { Franchise } from '@/lib/session'
import { useAllFranchises } from '../api/get-all-franchises'
import { useChangeUserFranchise } from '../api/change-user-franchise'
import { userFranchiseSchema, type UserFranchiseInput } from '../schemas'
import type { AdminUser } from '../types'
import { useAdminGuard } from './use-admin-guard'

type Props = { user: AdminUser; open: boolean; onOpenChange: (open: boolean) => void }

/** With ADD, the franchises the user lacks; with DEL, those the user has; sorted by name. */
export function franchiseChoices(
  action: UserFranchiseInput['action'],
  user: Pick<AdminUser, 'franchise'>,
  all: Pick<Franchise, 'slug' | 'name'>[],
) {
  const owned = user.franchise ?? {}
  if (action === 'ADD') return all.filter((f) => !(f.slug in owned)).map(({ slug, name }) => ({ slug, name })).sort(byName)
  return Object.entries(owned)
    .map(([slug, name]) => ({ slug, name: all.find((f) => f.slug === slug)?.name ?? name }))
    .sort(byName)
}

export function FranchiseDialog({ user, open, onOpenChange }: Props) {
  const franchises = useAllFranchises({ enabled: open })
  const change = useChangeUserFranchise()
  const guard = useAdminGuard()
  const form = useForm<UserFranchiseInput>({
    resolver: zodResolver(userFranchiseSchema),
    defaultValues: { action: 'ADD', franchiseSlug: '' },
  })
  const { errors } = form.formState
  const action = useWatch({ control: form.control, name: 'action' })
  const choices = React.useMemo(() => franchiseChoices(action, user, franchises.data ?? []), [action, user, franchises.data])

  const close = (next: boolean) => {
    if (!next) form.reset()
    onOpenChange(next)
  }

  const onSubmit = form.handleSubmit((input) => {
    if (!guard.requireAdmin()) return
    const franchiseName = choices.find((c) => c.slug === input.franchiseSlug)?.name ?? input.franchiseSlug
    change.mutate(
      { ...input, email: user.email },
      {
        onSuccess: () => {
          toast({
            title: 'Franquia adicionada/removida com sucesso!',
            description:
              input.action === 'ADD'
                ? `A franquia ${franchiseName} foi adicionada ao usuário ${user.name || user.email}.`
                : `A franquia ${franchiseName} foi removida do usuário ${user.name || user.email}.`,
          })
          close(false)
        },
      },
    )
  })

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Adicionar/remover franquia</DialogTitle>
          <DialogDescription>{user.name ? `${user.name} (${user.email})` : user.email}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <Controller
            control={form.control}
            name="action"
            render={({ field }) => (
              <RadioGroup
                aria-label="Ação"
                value={field.value}
                onValueChange={(value) => {
                  field.onChange(value)
                  form.setValue('franchiseSlug', '')
                }}
                className="flex gap-6"
              >
                <div className="flex items-center gap-2">
                  <RadioGroupItem value="ADD" id="franchise-action-add" />
                  <Label htmlFor="franchise-action-add">Adicionar</Label>
                </div>
                <div className="flex items-center gap-2">
                  <RadioGroupItem value="DEL" id="franchise-action-del" />
                  <Label htmlFor="franchise-action-del">Remover</Label>
                </div>
              </RadioGroup>
            )}
          />
          {errors.action && (
            <p role="alert" className="text-sm text-destructive">
              {errors.action.message}
            </p>
          )}
          <div className="grid gap-2">
            <Label htmlFor="franchise-select" className={errors.franchiseSlug ? 'text-destructive' : undefined}>
              Franquia
            </Label>
            <Controller
              control={form.control}
              name="franchiseSlug"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="franchise-select" className="w-full" aria-invalid={errors.franchiseSlug ? true : undefined}>
                    <SelectValue placeholder="Selecione uma franquia" />
                  </SelectTrigger>
                  <SelectContent>
                    {franchises.isLoading && (
                      <SelectItem value="__loading" disabled>
                        Carregando franquias...
                      </SelectItem>
                    )}
                    {!franchises.isLoading && choices.length === 0 && (
                      <SelectItem value="__empty" disabled>
                        Nenhuma franquia disponível.
                      </SelectItem>
                    )}
                    {choices.map((choice) => (
                      <SelectItem key={choice.slug} value={choice.slug}>
                        {choice.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            {errors.franchiseSlug && (
              <p role="alert" className="text-sm text-destructive">
                {errors.franchiseSlug.message}
              </p>
            )}
          </div>
          <DialogFormFooter pending={change.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
