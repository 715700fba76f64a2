// The group's team ('Equipe'): members, roles and stores, invitations by e-mail, and the invitation's link.
export { InvitationPage } from './components/invitation-page'
export { TeamPage } from './components/team-page'
