// Integrações (/integrations), a chunk of its own for the router.
export { IntegrationsPage } from './components/integrations-page'
