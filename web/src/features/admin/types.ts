import type { FranchiseMap, Permission } from '@/lib/session'

// TODO(api): switch to the generated types once api/openapi.yaml describes /user/all.
export type AdminUser = {
  id: string
  email: string
  name: string
  franchise: FranchiseMap
  permission: Permission
  verified: boolean
  createdAt: number
}
