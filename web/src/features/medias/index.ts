// For the add/edit media form of schedules and advertisements and the ad
// slot's fallback: the picker over the library ('Selecionar Mídia').
export { MediaPickerDialog } from './components/media-picker-dialog'
export { useMedias } from './api/get-medias'
export { findMedia } from './lib/folders'
export type { Media, MediaFolder } from './types'
// For a store's own folder ('Conteúdo local'): the upload modal with its
// checks, compression and direct upload, sent where the screen says.
export { LazyUploadDialog, loadUploadDialog } from './components/lazy-upload-dialog'
export type { UploadTarget } from './components/use-upload-queue'
export type { MediaKind, MediaRegisterInput, UploadPolicy } from './types'
