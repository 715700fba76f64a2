export { DashboardPage } from './components/dashboard-page'
