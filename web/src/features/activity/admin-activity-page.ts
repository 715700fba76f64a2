// Atividade of the admin area (/admin/activity), a chunk of its own for the router.
export { AdminActivityPage } from './components/admin-activity-page'
