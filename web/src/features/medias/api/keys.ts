import { queryRoots } from '@/lib/query-keys'

export const mediaKeys = {
  /** The library of a franchise: media list and folder map. */
  library: (franchise: string) => [queryRoots.medias, franchise] as const,
}

export function franchisePath(franchise: string) {
  return encodeURIComponent(franchise)
}
