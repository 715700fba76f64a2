// 'Aprovações': what the stores sent to the local spaces, waiting for a 'Rede'
// member holding 'Aprovar conteúdo'. The page is an entry of its own
// (approvals-page) for the router; the index lends the sidebar only the rule
// of who approves.
export { mayApproveContent } from './permissions'
