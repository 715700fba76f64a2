import { franchiseKeys, queryRoots } from '@/lib/query-keys'

// Franchise-scoped keys: root, then the franchise slug (see lib/query-keys.ts).
export const scheduleKeys = {
  all: franchiseKeys.schedules,
  refs: (franchise: string) => [queryRoots.schedules, franchise, 'refs'] as const,
  list: (franchise: string) => [queryRoots.schedules, franchise, 'list'] as const,
  detail: (franchise: string, id: string) => [queryRoots.schedules, franchise, 'detail', id] as const,
  now: (franchise: string, store: string, display: string) => [queryRoots.schedules, franchise, 'now', store, display] as const,
  screen: (franchise: string, store: string, display: string, day: string) => [queryRoots.schedules, franchise, 'screen', store, display, day] as const,
  footerValues: (franchise: string, coins: string, weather: boolean, store: string) => [queryRoots.schedules, franchise, 'footer-values', coins, weather, store] as const,
}

/** Path of a schedule under /api. */
export function schedulePath(franchise: string, id?: string, ...rest: (string | number)[]) {
  return ['/schedule', ...[franchise, id, ...rest].filter((part) => part !== undefined).map((p) => encodeURIComponent(String(p)))].join('/')
}
