export { NewUserPage } from './components/new-user-page'
export { UserListPage } from './components/user-list-page'
export { useAllFranchises } from './api/get-all-franchises'
