// Equipe (/team), a chunk of its own for the router.
export { TeamPage } from './components/team-page'
