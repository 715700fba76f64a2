import type { components } from '@/lib/api-types'

/** One row of the administrators' user list (GET /user/all). */
export type AdminUser = components['schemas']['UserSummary']
