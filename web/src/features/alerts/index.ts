// Offline alerts: the TVs offline now, the alert messages sent, and the franchise's settings.
export { AlertsPage } from './components/alerts-page'
