// A store's local content ('Conteúdo local'): its own media folder and its
// items in the local spaces of the schedules its TVs play. The page is an
// entry of its own (local-page) for the router; the index lends other screens
// only the query key, to refresh a store's content when an approval decides it.
export { localKeys } from './api/keys'
// and an item's dates as the store's page says them, for the approver's.
export { datesText } from './lib/dates'
