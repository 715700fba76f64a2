import { queryRoots } from '@/lib/query-keys'

// Franchise-scoped keys: root, then the franchise slug (see lib/query-keys.ts).
export const dashboardKeys = {
  stores: (franchise: string) => [queryRoots.stores, franchise] as const,
  displays: (franchise: string) => [queryRoots.displays, franchise] as const,
  scheduleRefs: (franchise: string) => [queryRoots.schedules, franchise, 'refs'] as const,
}
