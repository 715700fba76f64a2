// Visão Geral (route /dashboard): the page that puts the stores, their TVs
// and the schedule links of a franchise together.
export { OverviewPage } from './components/overview-page'
