// Central de Anúncios (spec 2 §2 'Ads center'): advertisements sold over a
// calendar of screens. What the shell uses — keeping the session's ads-center
// permission current — and, behind a loader of their own, the screens.
export { useFollowAdsCenterPermission } from './permission'

/** The ads-center screens, as a chunk of their own for the router. */
export const loadAdsCenterPages = () => import('./pages')
