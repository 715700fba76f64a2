import type { SessionUser } from '@/lib/session'

/** Whether the user approves the stores' local content in the group with that slug: a 'Rede' member holding 'Aprovar conteúdo'. */
export function mayApproveContent(user: SessionUser | undefined, slug: string | undefined) {
  if (!user || !slug) return false
  const role = user.roles?.[slug]
  return role?.role === 'network' && !!role.approveContent
}
