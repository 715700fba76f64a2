import type { DisplayRef } from './types'

/** /display/{franchise}/{store}: the TVs of a store. */
export const storeDisplaysPath = (franchise: string, store: string) => `/display/${encodeURIComponent(franchise)}/${encodeURIComponent(store)}`

/** /display/{franchise}/{store}/{id}: one TV. */
export const displayPath = ({ franchise, store, id }: DisplayRef) => `${storeDisplaysPath(franchise, store)}/${encodeURIComponent(id)}`
