import { z } from 'zod'
import { emailField, nameField, passwordsMatch, strongPassword, validationMessages } from '@/lib/validation'
import type { TeamMemberInput, TeamRole } from './api/types'

export const roleLabels: Record<TeamRole, string> = {
  network: 'Rede',
  franchisee: 'Franqueado',
  store: 'Gerente de loja',
}

export const roleDescriptions: Record<TeamRole, string> = {
  network: 'Todas as lojas do grupo.',
  franchisee: 'As lojas escolhidas: TVs, contatos e horários delas.',
  store: 'Uma loja: vê as TVs e altera contatos e horários.',
}

export const teamMessages = {
  franchiseeStores: 'Escolha ao menos uma loja para o franqueado.',
  storeManagerStore: 'Escolha exatamente uma loja para o gerente de loja.',
} as const

const memberFields = {
  role: z.enum(['network', 'franchisee', 'store']),
  stores: z.array(z.string()),
  manageTeam: z.boolean(),
  approveContent: z.boolean(),
}

/** The stores a role needs: one or more for a franchisee, exactly one for a store manager, none for the network. */
function storesForRole(value: { role: TeamRole; stores: string[] }, ctx: z.RefinementCtx) {
  if (value.role === 'franchisee' && value.stores.length === 0) {
    ctx.addIssue({ code: 'custom', message: teamMessages.franchiseeStores, path: ['stores'] })
  }
  if (value.role === 'store' && value.stores.length !== 1) {
    ctx.addIssue({ code: 'custom', message: teamMessages.storeManagerStore, path: ['stores'] })
  }
}

/** The edit dialog of a member: role, stores, 'Gerenciar equipe' and 'Aprovar conteúdo'. */
export const memberSchema = z.object(memberFields).superRefine(storesForRole)
export type MemberFormValues = z.infer<typeof memberSchema>

/** The 'Convidar' dialog: the e-mail with the role and stores. */
export const inviteSchema = z.object({ email: emailField, ...memberFields }).superRefine(storesForRole)
export type InviteFormValues = z.infer<typeof inviteSchema>

/** The body the server takes: the network has no stores, only the network manages the team and approves content. */
export function toMemberInput(values: MemberFormValues): TeamMemberInput {
  const network = values.role === 'network'
  return {
    role: values.role,
    stores: network ? [] : [...values.stores],
    manageTeam: network && values.manageTeam,
    approveContent: network && values.approveContent,
  }
}

/**
 * The permissions a member or an invitation holds, as the lists name them:
 * only a 'Rede' role holds any (the form offers them to it alone).
 */
export function permissionLabels(holder: { role: TeamRole; manageTeam: boolean; approveContent?: boolean }): string[] {
  if (holder.role !== 'network') return []
  const labels: string[] = []
  if (holder.manageTeam) labels.push('Gerencia a equipe')
  if (holder.approveContent) labels.push('Aprova conteúdo')
  return labels
}

/** A new person accepting an invitation: their name and a password, typed twice. */
export const newAccountSchema = z
  .object({
    name: nameField(),
    auth: strongPassword,
    confirmAuth: z.string(),
  })
  .superRefine(passwordsMatch('auth', 'confirmAuth'))
export type NewAccountValues = z.infer<typeof newAccountSchema>

/** An existing account signing in on the invitation page. */
export const invitedSignInSchema = z.object({ auth: z.string().min(1, validationMessages.passwordRequired) })
export type InvitedSignInValues = z.infer<typeof invitedSignInSchema>
