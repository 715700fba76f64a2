// Central de Anúncios (/ads-center), a chunk of its own for the router: the
// list draws without the editors, the calendar or the form libraries (its
// dialogs come after its rows).
export { AdsListPage } from './components/ads-list-page'
