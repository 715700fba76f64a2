// The booking calendar (/ads-center/new), a chunk of its own for the router:
// the screens' availability draws without the editors or the form libraries
// (the new-ad dialog comes after its rows).
export { NewAdPage } from './components/new-ad-page'
// Its first data, the screens' availability, which the first load puts in
// the cache before drawing it (app/early-calls.ts).
export { adMapQueryOptions as firstQuery } from './api/get-ad-map'
