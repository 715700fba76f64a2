// Stores of a franchise: their cards, the store and message dialogs, the filters.
export { useStores } from './api/get-stores'
export type { Store } from './api/types'
export { DeleteStoreDialog } from './components/delete-store-dialog'
export { MessageDialog } from './components/message-dialog'
export { StoreCard, type StoreCardAction } from './components/store-card'
export { StoreCardsSkeleton } from './components/store-cards-skeleton'
export { StoreDialog } from './components/store-dialog'
export { filterStores } from './filter-stores'
