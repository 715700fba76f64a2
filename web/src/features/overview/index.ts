// Visão Geral (route /dashboard): the page that puts the stores, their TVs
// and the schedule links of a franchise together.
export { OverviewPage } from './components/overview-page'
// Its first data, the group's stores, which the first load puts in the cache
// before drawing it (app/early-calls.ts).
export { storesQueryOptions as firstQuery } from '@/features/stores'
