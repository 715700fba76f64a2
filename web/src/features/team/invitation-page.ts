// Convite (/convite), a chunk of its own for the router: a signed-out visitor loads only this.
export { InvitationPage } from './components/invitation-page'
