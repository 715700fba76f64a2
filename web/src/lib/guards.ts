import { errorToast } from '@/hooks/use-toast'

// What an action says when it runs without what it needs (spec 1, section 8,
// "Guard messages"). The screens hide such actions; these catch the moments in
// between, such as a session that ended while a dialog stayed open.
export const guardMessages = {
  userUndefined: 'Usuário não está definido.',
  franchiseUndefined: 'Franquia não está definida.',
  loginRequired: 'Você precisa estar logado para continuar.',
  groupRequired: 'Você precisa selecionar um grupo para continuar.',
} as const

/** True when the action has the selected franchise; otherwise says 'Franquia não está definida.'. */
export function requireFranchise(franchise: string | null | undefined): franchise is string {
  if (franchise) return true
  errorToast(guardMessages.franchiseUndefined)
  return false
}

/** True when the action has the session's user; otherwise says 'Usuário não está definido.'. */
export function requireUser<T>(user: T | null | undefined): user is T {
  if (user) return true
  errorToast(guardMessages.userUndefined)
  return false
}
