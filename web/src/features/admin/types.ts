import type { components } from '@/lib/api-types'

/** One row of the administrators' user list (GET /user/all), with the ads-center permission. */
export type AdminUser = components['schemas']['UserSummary']
