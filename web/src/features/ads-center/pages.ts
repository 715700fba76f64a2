// The ads-center screens, loaded by the router on their first visit (see
// loadAdsCenterPages in index.ts): the calendar grid, dnd-kit and the
// editors stay out of the first load and of the other screens.
export { AdEditorPage } from './components/ad-editor-page'
export { AdMediaPage } from './components/ad-media-page'
