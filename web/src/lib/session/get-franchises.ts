import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryRoots } from '@/lib/query-keys'
import type { FranchiseListResponse } from './types'

/** The caller's own franchises (groups). */
export function getFranchises(signal?: AbortSignal) {
  return api.get<FranchiseListResponse>('/franchise', { signal })
}

export const franchisesQueryKey = [queryRoots.franchises, 'mine'] as const

export function franchisesQueryOptions() {
  return queryOptions({
    queryKey: franchisesQueryKey,
    queryFn: async ({ signal }) => (await getFranchises(signal)).franchiseList ?? [],
  })
}

export function useFranchises(options: { enabled?: boolean } = {}) {
  return useQuery({ ...franchisesQueryOptions(), enabled: options.enabled ?? true })
}
