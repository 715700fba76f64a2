export { abilitiesOf, roleLabels, type Abilities, type MemberRole, type Role } from './abilities'
export { beginSession } from './begin-session'
export { franchisesQueryKey, franchisesQueryOptions, getFranchises, useFranchises } from './get-franchises'
export { getUserDetail, restoreSession, userQueryKey, userQueryOptions, useUser } from './get-user'
export { actsForAdmin, hasImpersonationToken, impersonationInProgress } from './impersonation'
export { logout } from './logout'
export { stopImpersonation, useStopImpersonation } from './stop-impersonation'
export { isAdmin, keepsAdminToken, toSessionUser } from './permissions'
export {
  FRANCHISE_SWITCH_WAIT_MS,
  RELOAD_STEP_WAIT_MS,
  restoresSession,
  SessionProvider,
  useAbilities,
  useSession,
  type SessionContextValue,
  type SessionStatus,
} from './session-provider'
export type * from './types'
