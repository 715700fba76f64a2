/**
 * Roots of the query keys. Features put their keys under these roots, with the
 * franchise slug next (for example ['stores', franchise]), so that a franchise
 * switch can reload them in the order the product expects.
 */
export const queryRoots = {
  user: 'user',
  franchises: 'franchises',
  schedules: 'schedules',
  stores: 'stores',
  displays: 'displays',
  medias: 'medias',
  admin: 'admin',
} as const

/**
 * Keys of franchise lists that more than one feature changes: a new TV changes
 * the TV count of its store, a deleted store takes its TVs with it. Kept here
 * so that features invalidate each other's lists without importing each other.
 */
export const franchiseKeys = {
  stores: (franchise: string) => [queryRoots.stores, franchise] as const,
  displays: (franchise: string) => [queryRoots.displays, franchise] as const,
  /** Every schedule query of the franchise: linking a TV changes the schedules' TV counts. */
  schedules: (franchise: string) => [queryRoots.schedules, franchise] as const,
}

/**
 * The live views of a franchise's TVs ('Ver ao vivo'), one per TV: any change
 * of the franchise and any TV's acknowledgement may change what they show, so
 * the event stream marks them all stale (lib/events).
 */
export const liveViewKey = (franchise: string, store?: string, id?: string) =>
  store === undefined ? ([queryRoots.displays, franchise, 'live'] as const) : ([queryRoots.displays, franchise, 'live', store, id ?? ''] as const)
