// Stores of a franchise: their cards, the store and message dialogs, the filters.
import { chunk } from '@/lib/lazy'
export { storesQueryOptions, useStores } from './api/get-stores'
export type { Store } from './api/types'
export { StoreCard, type StoreCardAction } from './components/store-card'
export { StoreCardsSkeleton } from './components/store-cards-skeleton'
export { filterStores } from './filter-stores'

/** The store dialogs (new, edit, delete) and the message to stores, as a chunk of their own. */
export const loadStoreDialogs = chunk(() => import('./dialogs'))
