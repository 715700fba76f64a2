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
