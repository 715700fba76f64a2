export { LoginPage } from './components/login-page'
export { NewPasswordPage } from './components/new-password-page'
export { RecoverPasswordPage } from './components/recover-password-page'
