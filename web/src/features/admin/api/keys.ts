import { queryRoots } from '@/lib/query-keys'

export const adminKeys = {
  users: [queryRoots.admin, 'users'] as const,
  franchises: [queryRoots.admin, 'franchises'] as const,
}
