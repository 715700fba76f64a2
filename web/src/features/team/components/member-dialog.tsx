import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Send } from 'lucide-react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/hooks/use-toast'
import { useChangeMember } from '../api/change-member'
import { useInviteMember } from '../api/invite-member'
import type { TeamMember, TeamRole, TeamStore } from '../api/types'
import { inviteSchema, roleDescriptions, roleLabels, toMemberInput, type InviteFormValues } from '../schemas'
import { RoleSelect, StoresSelect } from './role-fields'

const ROLES: TeamRole[] = ['network', 'franchisee', 'store']

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string
  stores: TeamStore[]
  /** The member to edit; invites someone new when absent. */
  member?: TeamMember
}

/** 'Convidar' (e-mail, role, stores, 'Gerenciar equipe', 'Aprovar conteúdo') and 'Editar membro' (the same without the e-mail). */
export function MemberDialog({ open, onOpenChange, franchise, stores, member }: Props) {
  const invite = useInviteMember(franchise)
  const change = useChangeMember(franchise)
  const pending = invite.isPending || change.isPending
  const form = useForm<InviteFormValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', role: 'franchisee', stores: [], manageTeam: false, approveContent: false },
  })
  const { errors } = form.formState
  const role = useWatch({ control: form.control, name: 'role' })

  React.useEffect(() => {
    if (!open) return
    form.reset(
      member
        ? { email: member.email, role: member.role, stores: [...member.stores], manageTeam: member.manageTeam, approveContent: member.approveContent }
        : { email: '', role: 'franchisee', stores: [], manageTeam: false, approveContent: false },
    )
  }, [open, member, form])

  const onSubmit = form.handleSubmit((values) => {
    const input = toMemberInput(values)
    if (member) {
      change.mutate(
        { userId: member.id, input },
        {
          onSuccess: () => {
            toast({ title: 'Membro alterado', description: `${member.name} agora é ${roleLabels[input.role]}.` })
            onOpenChange(false)
          },
        },
      )
    } else {
      invite.mutate(
        { email: values.email.trim(), ...input },
        {
          onSuccess: ({ invitation }) => {
            toast({ title: 'Convite enviado', description: `O convite foi enviado para ${invitation.email}.` })
            onOpenChange(false)
          },
        },
      )
    }
  })

  const storeOptions = stores.map((s) => ({ value: s.slug, label: s.name }))

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{member ? 'Editar membro' : 'Convidar'}</DialogTitle>
          <DialogDescription>
            {member
              ? `Altere o papel e as lojas de ${member.name}. A mudança vale na hora.`
              : 'Enviaremos um convite por e-mail. O link vale por 7 dias.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          {!member && (
            <FormField id="team-email" label="E-mail" error={errors.email?.message}>
              <Input type="email" autoComplete="off" {...form.register('email')} />
            </FormField>
          )}
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <RoleSelect
                id="team-role"
                label="Papel"
                roles={ROLES}
                value={field.value}
                description={roleDescriptions[field.value]}
                onChange={(value) => {
                  field.onChange(value)
                  if (value === 'network') form.setValue('stores', [])
                  else {
                    form.setValue('manageTeam', false)
                    form.setValue('approveContent', false)
                  }
                }}
              />
            )}
          />
          {role !== 'network' && (
            <Controller
              control={form.control}
              name="stores"
              render={({ field, fieldState }) => (
                <StoresSelect
                  id="team-stores"
                  label={role === 'store' ? 'Loja' : 'Lojas'}
                  options={storeOptions}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  placeholder="Selecione"
                />
              )}
            />
          )}
          {role === 'network' && (
            <Controller
              control={form.control}
              name="manageTeam"
              render={({ field }) => (
                <div className="flex items-start gap-3">
                  <Checkbox
                    id="team-manage"
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    aria-describedby="team-manage-description"
                  />
                  <div className="grid gap-1">
                    <Label htmlFor="team-manage">Gerenciar equipe</Label>
                    <p id="team-manage-description" className="text-sm text-muted-foreground">
                      Convida, altera e remove os membros do grupo.
                    </p>
                  </div>
                </div>
              )}
            />
          )}
          {role === 'network' && (
            <Controller
              control={form.control}
              name="approveContent"
              render={({ field }) => (
                <div className="flex items-start gap-3">
                  <Checkbox
                    id="team-approve"
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    aria-describedby="team-approve-description"
                  />
                  <div className="grid gap-1">
                    <Label htmlFor="team-approve">Aprovar conteúdo</Label>
                    <p id="team-approve-description" className="text-sm text-muted-foreground">
                      Aprova ou recusa o que as lojas enviam para os espaços locais.
                    </p>
                  </div>
                </div>
              )}
            />
          )}
          <DialogFormFooter
            pending={pending}
            submitLabel={member ? 'Salvar' : 'Enviar convite'}
            submitIcon={member ? undefined : <Send aria-hidden="true" />}
          />
        </form>
      </DialogContent>
    </Dialog>
  )
}
