// Integrações (/integrations): the group's API tokens for its own systems, for the team's managers
// (the same as 'Equipe': see features/team's mayManageTeam).
export { IntegrationsPage } from './components/integrations-page'
