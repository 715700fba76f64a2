export { EditProfilePage } from './components/edit-profile-page'
