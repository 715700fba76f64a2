// Atividade (/activity), a chunk of its own for the router.
export { ActivityPage } from './components/activity-page'
