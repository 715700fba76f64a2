/** The query of a store's local content: its spaces, its items and its own folder. */
export const localKeys = {
  all: (franchise: string) => ['local', franchise] as const,
  store: (franchise: string, store: string) => ['local', franchise, store] as const,
}

/** /local/{franchise}/{store}, each part encoded. */
export function localPath(franchise: string, store: string) {
  return `/local/${encodeURIComponent(franchise)}/${encodeURIComponent(store)}`
}
