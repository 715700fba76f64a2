import type { components } from '@/lib/api-types'
import type { SessionUser } from './types'

export type MemberRole = components['schemas']['MemberRole']
export type Role = MemberRole['role']

/** The role's name on the console. */
export const roleLabels: Record<Role, string> = {
  network: 'Rede',
  franchisee: 'Franqueado',
  store: 'Gerente de loja',
}

/**
 * What the signed-in member may do in the selected group (docs/roles.md).
 * The console shows only what these allow; the server checks the same
 * rules on every call.
 */
export type Abilities = {
  role: Role
  /** Slugs of the stores a franchisee or store manager covers (empty for the network). */
  stores: string[]
  /** The whole group: the network. */
  wholeGroup: boolean
  /** 'Gerenciar equipe'. */
  manageTeam: boolean
  /** Programações and Minhas Mídias, to read. */
  readLibrary: boolean
  /** Schedules, their entries and footer, media and folders: to change. */
  editLibrary: boolean
  /** 'Adicionar Loja', deleting a store, its name, address, region, CNPJ and tag. */
  manageStores: boolean
  /** A store's time zone. */
  editStoreZone: boolean
  /** Registering, renaming, linking and removing TVs. */
  manageTVs: boolean
  /** Links TVs only to schedules marked 'Disponível para franqueados'. */
  availableSchedulesOnly: boolean
  /** 'Enviar mensagem para lojas': the network to any store, a franchisee to theirs. */
  sendMessages: boolean
  /** 'Mensagem de emergência', with the user's permission: the network on any TV, a franchisee on theirs. */
  override: boolean
  /** 'Central de Anúncios', with the user's permission. */
  adsCenter: boolean
  /** 'Atividade': the group's changes, the network's all, a franchisee's of their stores. */
  activity: boolean
}

/** The abilities of a membership; an unknown one (no role given) is the network's. */
export function abilitiesOf(member: MemberRole | undefined, user?: Pick<SessionUser, 'canOverride' | 'canUseAdsCenter'>): Abilities {
  const role: Role = member?.role ?? 'network'
  const network = role === 'network'
  const franchisee = role === 'franchisee'
  return {
    role,
    stores: network ? [] : (member?.stores ?? []),
    wholeGroup: network,
    manageTeam: network && !!member?.manageTeam,
    readLibrary: network || franchisee,
    editLibrary: network,
    manageStores: network,
    editStoreZone: network || franchisee,
    manageTVs: network || franchisee,
    availableSchedulesOnly: franchisee,
    sendMessages: network || franchisee,
    override: (network || franchisee) && !!user?.canOverride,
    adsCenter: network && !!user?.canUseAdsCenter,
    activity: network || franchisee,
  }
}
