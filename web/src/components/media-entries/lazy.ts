// The media table and the add/edit media form for pages that show them only
// on some routes (the advertisements'): dnd-kit, the date picker and the
// form's schema load on first use, inside Suspense, not with the rest.
import { chunk, lazyComponent } from '@/lib/lazy'
import type { MediaEntriesForm as MediaEntriesFormComponent } from './media-entries-form'
import type { MediaTable as MediaTableComponent } from './media-table'

/** The add/edit media form (multiple images, advanced options, weekdays, time ranges). */
export const LazyMediaEntriesForm = lazyComponent(chunk(() => import('./media-entries-form')), (m) => m.MediaEntriesForm) as unknown as typeof MediaEntriesFormComponent

/** The media table with drag-and-drop reordering: the page showing it suspends until it is there. */
export const LazyMediaTable = lazyComponent(chunk(() => import('./media-table')), (m) => m.MediaTable) as unknown as typeof MediaTableComponent
