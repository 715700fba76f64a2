import { queryRoots } from '@/lib/query-keys'

export const mediaKeys = {
  /** The library of a franchise: its folder tree. */
  library: (franchise: string) => [queryRoots.medias, franchise] as const,
}

export function franchisePath(franchise: string) {
  return encodeURIComponent(franchise)
}
