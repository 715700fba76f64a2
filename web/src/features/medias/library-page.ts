// Minhas Mídias (/medias), a chunk of its own for the router: the library
// draws without the picker the feature lends other screens (index.ts) or the
// form libraries (its dialogs come after its rows).
export { MediaLibraryPage } from './components/media-library-page'
// Its first data, the library's folder tree, which the first load puts in
// the cache before drawing it (app/early-calls.ts).
export { mediasQueryOptions as firstQuery } from './api/get-medias'
