import type { SessionUser } from '@/lib/session'

/**
 * Whether the user manages the team of the group with that slug: a 'Rede'
 * member holding 'Gerenciar equipe', or a platform administrator (userA).
 */
export function mayManageTeam(user: SessionUser | undefined, slug: string | undefined) {
  if (!user || !slug) return false
  if (user.permission?.userA === 1) return true
  const role = user.roles?.[slug]
  return role?.role === 'network' && role.manageTeam
}
