// The group's team ('Equipe'): members, roles and stores, invitations by e-mail, and the invitation's link.
// The pages are entries of their own (team-page, invitation-page) for the router; the index lends the
// sidebar only the rule of who manages the team.
export { mayManageTeam } from './permissions'
