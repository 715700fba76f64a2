import type { QueryClient } from '@tanstack/react-query'
import { queryRoots } from '@/lib/query-keys'
import { storage, storageKeys } from '@/lib/storage'

/** Stores a fresh token and drops everything cached for the previous one. */
export function beginSession(queryClient: QueryClient, token: string) {
  queryClient.removeQueries({ queryKey: [queryRoots.user] })
  queryClient.removeQueries({ queryKey: [queryRoots.franchises] })
  storage.set(storageKeys.token, token)
}
