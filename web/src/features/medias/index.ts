// For the add/edit media form of schedules and advertisements and the ad
// slot's fallback: the picker over the library ('Selecionar Mídia').
export { MediaPickerDialog } from './components/media-picker-dialog'
export { useMedias } from './api/get-medias'
export { findMedia } from './lib/folders'
export type { Media, MediaFolder } from './types'
