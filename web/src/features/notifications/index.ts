export { NotificationsPopover } from './components/notifications-popover'
