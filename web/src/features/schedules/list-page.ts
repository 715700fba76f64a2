// Programações (/schedule), a chunk of its own for the router: the list of a
// big franchise draws without the editor's code, the dialogs the feature
// lends other screens (index.ts), or the form libraries (its dialogs come
// after its rows: schedules-page-dialogs.tsx).
export { SchedulesPage } from './components/schedules-page'
// Its first data, which the first load puts in the cache before drawing it
// (app/early-calls.ts).
export { schedulesQueryOptions as firstQuery } from './api/get-schedules'
