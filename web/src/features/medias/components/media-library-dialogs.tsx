import type * as React from 'react'
import { DeleteMediaDialog } from './delete-media-dialog'
import { NewFolderDialog } from './new-folder-dialog'
import { RenameMediaDialog } from './rename-media-dialog'
import { UploadDialog } from './upload-dialog'

type Props = {
  upload: React.ComponentProps<typeof UploadDialog>
  newFolder: React.ComponentProps<typeof NewFolderDialog>
  rename: React.ComponentProps<typeof RenameMediaDialog>
  remove: React.ComponentProps<typeof DeleteMediaDialog>
}

/**
 * The library's dialogs (upload, new folder, rename, delete), a chunk of
 * their own with the form libraries and the upload's analysis: the library
 * draws its rows without them.
 */
export function MediaLibraryDialogs({ upload, newFolder, rename, remove }: Props) {
  return (
    <>
      <UploadDialog {...upload} />
      <NewFolderDialog {...newFolder} />
      <RenameMediaDialog {...rename} />
      <DeleteMediaDialog {...remove} />
    </>
  )
}
