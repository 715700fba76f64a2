// The booking calendar (/ads-center/new), a chunk of its own for the router:
// the screens' availability draws without the editors or the form libraries
// (the new-ad dialog comes after its rows).
export { NewAdPage } from './components/new-ad-page'
