// Franchise-scoped keys (see lib/query-keys.ts): root, then the franchise slug.
const ROOT = 'advertise'

export const adKeys = {
  all: (franchise: string) => [ROOT, franchise] as const,
  list: (franchise: string) => [ROOT, franchise, 'list'] as const,
  map: (franchise: string) => [ROOT, franchise, 'map'] as const,
  detail: (franchise: string, id: string) => [ROOT, franchise, 'detail', id] as const,
  plays: (franchise: string, id: string) => [ROOT, franchise, 'plays', id] as const,
  slots: (franchise: string, scheduleId: string) => [ROOT, franchise, 'slots', scheduleId] as const,
}

/** Path of an advertisement call under /api. */
export function advertisePath(franchise: string, ...rest: string[]) {
  return ['/advertise', franchise, ...rest].map((part, i) => (i === 0 ? part : encodeURIComponent(part))).join('/')
}
