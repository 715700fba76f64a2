// The folder tree of the library as the screen walks it: paths are lists of
// folder names (the API joins them with '|'; '' is the root), names sort in
// the product's one name order (lib/name-order.ts), and folders created in
// the browser join the tree until a file is put in them.
import { sortByName } from '@/lib/name-order'
import type { Media, MediaFolder } from '../types'

export const FOLDER_SEPARATOR = '|'

/** The API's folder string for a path: parts joined by '|', '' for the root. */
export function joinPath(parts: readonly string[]): string {
  return parts.join(FOLDER_SEPARATOR)
}

/** The parts of an API folder string; empty parts (a leading '|') are dropped. */
export function splitPath(folder: string): string[] {
  return folder
    .split(FOLDER_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean)
}

export function parentPath(parts: readonly string[]): string[] {
  return parts.slice(0, -1)
}

export function samePath(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((part, i) => part === b[i])
}

export function emptyFolder(parts: readonly string[]): MediaFolder {
  return { name: parts.at(-1) ?? '', path: joinPath(parts), media: [], folders: [] }
}

/** The folder at `parts`, or undefined when the tree has none there. */
export function findFolder(root: MediaFolder, parts: readonly string[]): MediaFolder | undefined {
  let node: MediaFolder | undefined = root
  for (const part of parts) {
    node = node.folders.find((f) => f.name === part)
    if (!node) return undefined
  }
  return node
}

/**
 * The tree with the browser's own folders (API folder strings) added as empty
 * folders where the server has none. The server's tree is not changed.
 */
export function withLocalFolders(root: MediaFolder, localFolders: Iterable<string>): MediaFolder {
  const copy = (f: MediaFolder): MediaFolder => ({ ...f, folders: f.folders.map(copy) })
  const tree = copy(root)
  for (const folder of localFolders) {
    let node = tree
    const parts = splitPath(folder)
    parts.forEach((part, i) => {
      let next = node.folders.find((f) => f.name === part)
      if (!next) {
        next = emptyFolder(parts.slice(0, i + 1))
        node.folders = [...node.folders, next]
      }
      node = next
    })
  }
  return tree
}

/** The file `id` anywhere in the tree, or undefined. */
export function findMedia(root: MediaFolder, id: string): Media | undefined {
  const found = root.media.find((m) => m.id === id)
  if (found) return found
  for (const folder of root.folders) {
    const inside = findMedia(folder, id)
    if (inside) return inside
  }
  return undefined
}

/** What a folder shows: its sub-folders, then its media, each in name order. */
export function folderContents(folder: MediaFolder): { folders: MediaFolder[]; media: Media[] } {
  return { folders: sortByName(folder.folders), media: sortByName(folder.media) }
}

/** Breadcrumb steps after 'Mídias': each folder of the path with the path up to it. */
export function breadcrumbTrail(parts: readonly string[]): { name: string; parts: string[] }[] {
  return parts.map((name, i) => ({ name, parts: parts.slice(0, i + 1) }))
}

/** Local folders that are still empty on the server (the rest are real now). */
export function pendingLocalFolders(root: MediaFolder, localFolders: Iterable<string>): string[] {
  const pending: string[] = []
  for (const folder of localFolders) {
    const node = findFolder(root, splitPath(folder))
    if (!node || (node.media.length === 0 && node.folders.length === 0)) pending.push(folder)
  }
  return pending
}
