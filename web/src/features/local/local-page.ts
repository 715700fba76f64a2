// Conteúdo local (/local), a chunk of its own for the router.
export { LocalPage } from './components/local-page'
// Its first data, the stores to pick from, which the first load puts in the
// cache before drawing it (app/early-calls.ts).
export { storesQueryOptions as firstQuery } from '@/features/stores'
