import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

// Franchise shapes come from api/openapi.yaml (npm run gen:api). The user
// shapes are written to the same contract by hand.
// TODO(api): use the generated user types once api/openapi.yaml describes the /user routes.

/** Permission flags: dispA allows box commands, userA allows impersonation. */
export type Permission = { dispA?: 1; userA?: 1 } & Record<string, number | undefined>

/** Franchise slug → franchise name. */
export type FranchiseMap = Record<string, string>

export type User = {
  id: string
  email: string
  name: string
  cpf?: string
  mobile?: string
  franchise: FranchiseMap
  permission: Permission
  viewAdsCenter: 0 | 1
  verified: boolean
  createdAt: number
  updatedAt: number
  impersonator?: { email: string; name: string }
}

export type UserDetailResponse = { user: User; serverTime: number }

export type Franchise = Schemas['Franchise']

export type FranchiseListResponse = Schemas['FranchiseList']

/** The signed-in user with what the console derives from it. */
export type SessionUser = User & {
  /** Any permission at all makes an administrator. */
  isAdmin: boolean
  canUseAdsCenter: boolean
  /** Local clock minus server clock, in ms; correct server timestamps with it. */
  serverDiff: number
}
