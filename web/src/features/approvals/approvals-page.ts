// Aprovações (/approvals), a chunk of its own for the router.
export { ApprovalsPage } from './components/approvals-page'
