export { GroupsPage } from './components/groups-page'
