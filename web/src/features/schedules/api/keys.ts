import { queryRoots } from '@/lib/query-keys'

// Franchise-scoped keys: root, then the franchise slug (see lib/query-keys.ts).
export const scheduleKeys = {
  refs: (franchise: string) => [queryRoots.schedules, franchise, 'refs'] as const,
}
