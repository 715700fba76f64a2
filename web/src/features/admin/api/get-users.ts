import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { AdminUser } from '../types'
import { adminKeys } from './keys'

export function getUsers(signal?: AbortSignal) {
  return api.get<{ users: AdminUser[] }>('/user/all', { auth: 'admin', signal })
}

export function usersQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.users,
    queryFn: async ({ signal }) => (await getUsers(signal)).users ?? [],
  })
}

export function useUsers() {
  return useQuery(usersQueryOptions())
}
