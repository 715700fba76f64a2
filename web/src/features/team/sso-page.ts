// Login único (/sso), a chunk of its own for the router: the group's single sign-on, managed by those who manage its team.
export { SSOPage } from './components/sso-page'
