import type { Permission, SessionUser, User } from './types'

export function isAdmin(permission: Permission | undefined) {
  return !!permission && Object.keys(permission).length > 0
}

/** Users who may send box commands or impersonate keep an admin token. */
export function keepsAdminToken(permission: Permission | undefined) {
  return permission?.dispA === 1 || permission?.userA === 1
}

export function toSessionUser(user: User, serverTime: number, now = Date.now()): SessionUser {
  return {
    ...user,
    isAdmin: isAdmin(user.permission),
    canUseAdsCenter: user.viewAdsCenter === 1,
    canOverride: isAdmin(user.permission) || user.emergencyOverride === 1 || !!user.impersonator,
    serverDiff: now - serverTime,
  }
}
