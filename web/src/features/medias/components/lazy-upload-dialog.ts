import { chunk, lazyComponent } from '@/lib/lazy'

/** The upload modal and its analysis (mp4box, the compressor), a chunk fetched on its first opening. */
export const loadUploadDialog = chunk(() => import('./upload-dialog'))

/** The upload modal ('Enviar Imagens', 'Enviar Vídeos'), drawn inside Suspense. */
export const LazyUploadDialog = lazyComponent(loadUploadDialog, (m) => m.UploadDialog)
