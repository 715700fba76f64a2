// Central de Anúncios (/ads-center), a chunk of its own for the router: the
// list draws without the editors, the calendar or the form libraries (its
// dialogs come after its rows).
export { AdsListPage } from './components/ads-list-page'
// Its first data, which the first load puts in the cache before drawing it
// (app/early-calls.ts).
export { adsQueryOptions as firstQuery } from './api/get-ads'
