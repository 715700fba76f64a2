// Conteúdo local (/local), a chunk of its own for the router.
export { LocalPage } from './components/local-page'
