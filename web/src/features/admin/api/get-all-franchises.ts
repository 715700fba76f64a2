import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { FranchiseListResponse } from '@/lib/session'
import { adminKeys } from './keys'

/** Every franchise in the system (admins only). */
export function getAllFranchises(signal?: AbortSignal) {
  return api.get<FranchiseListResponse>('/franchise/all', { auth: 'admin', signal })
}

export function allFranchisesQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.franchises,
    queryFn: async ({ signal }) => (await getAllFranchises(signal)).franchiseList ?? [],
  })
}

export function useAllFranchises(options: { enabled?: boolean } = {}) {
  return useQuery({ ...allFranchisesQueryOptions(), enabled: options.enabled ?? true })
}
