// The store and message dialogs, a chunk apart from the cards (see loadStoreDialogs in index.ts).
export { DeleteStoreDialog } from './components/delete-store-dialog'
export { MessageDialog } from './components/message-dialog'
export { StoreDialog } from './components/store-dialog'
