export { MediaLibraryPage } from './components/media-library-page'
// For the schedule media picker: the library and its folder walk.
export { useMedias } from './api/get-medias'
export { breadcrumbTrail, findFolder, folderContents, parentPath } from './lib/folders'
export type { Media, MediaFolder } from './types'
