import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

// Every shape here comes from api/openapi.yaml (npm run gen:api).

/** Permission flags: dispA allows box commands, userA allows impersonation. */
export type Permission = Schemas['PermissionMap']

/** Franchise slug → franchise name. */
export type FranchiseMap = Schemas['FranchiseMap']

export type User = Schemas['User']

export type UserDetailResponse = Schemas['UserDetailResponse']

export type Franchise = Schemas['Franchise']

export type FranchiseListResponse = Schemas['FranchiseList']

/** The signed-in user with what the console derives from it. */
export type SessionUser = User & {
  /** Any permission at all makes an administrator. */
  isAdmin: boolean
  canUseAdsCenter: boolean
  /** May start and clear emergency messages: administrators, holders of the permission, impersonation sessions. */
  canOverride: boolean
  /** Local clock minus server clock, in ms; correct server timestamps with it. */
  serverDiff: number
}
