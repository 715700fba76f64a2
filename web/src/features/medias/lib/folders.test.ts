// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { testMedia } from '../test-media'
import type { Media, MediaFolder } from '../types'
import {
  breadcrumbTrail,
  emptyFolder,
  findFolder,
  findMedia,
  folderContents,
  joinPath,
  parentPath,
  pendingLocalFolders,
  splitPath,
  withLocalFolders,
} from './folders'

const media = (name: string, folder = ''): Media => testMedia(name, { folder })

function folder(path: string, contents: { media?: Media[]; folders?: MediaFolder[] } = {}): MediaFolder {
  const parts = splitPath(path)
  return { name: parts.at(-1) ?? '', path, media: contents.media ?? [], folders: contents.folders ?? [] }
}

// Mídias > Campanhas > Natal 2024, with a file at each level.
const tree = folder('', {
  media: [media('Logo')],
  folders: [
    folder('Campanhas', {
      media: [media('Banner', 'Campanhas')],
      folders: [folder('Campanhas|Natal 2024', { media: [media('Papai Noel', 'Campanhas|Natal 2024')] })],
    }),
  ],
})

describe('name order of a folder', () => {
  const contents = (names: string[]) =>
    folderContents(folder('', { media: names.map((name) => media(name)), folders: names.map((name) => folder(name)) }))

  it('compares runs of digits by value, ignoring case and accents', () => {
    const names = ['Vídeo 10', 'video 2', 'Árvore', 'Banner 1', 'vídeo 1', 'banner 01b']
    const expected = ['Árvore', 'Banner 1', 'banner 01b', 'vídeo 1', 'video 2', 'Vídeo 10']
    expect(contents(names).media.map((m) => m.name)).toEqual(expected)
    expect(contents(names).folders.map((f) => f.name)).toEqual(expected)
  })

  it('orders names that differ only by case or accents the same way, whatever order they came in', () => {
    expect(contents(['promocao', 'Promoção', 'Promocao']).media.map((m) => m.name)).toEqual(['Promocao', 'Promoção', 'promocao'])
    expect(contents(['Promocao', 'promocao', 'Promoção']).media.map((m) => m.name)).toEqual(['Promocao', 'Promoção', 'promocao'])
  })
})

describe('folder paths', () => {
  it('joins and splits with the API separator, dropping empty parts', () => {
    expect(joinPath(['A', 'B 2'])).toBe('A|B 2')
    expect(joinPath([])).toBe('')
    expect(splitPath('|A||B 2|')).toEqual(['A', 'B 2'])
    expect(splitPath('')).toEqual([])
  })

  it('goes up one level, and stays at the root', () => {
    expect(parentPath(['A', 'B'])).toEqual(['A'])
    expect(parentPath([])).toEqual([])
  })

  it('lists the breadcrumb steps with the path to each', () => {
    expect(breadcrumbTrail(['A', 'B'])).toEqual([
      { name: 'A', parts: ['A'] },
      { name: 'B', parts: ['A', 'B'] },
    ])
    expect(breadcrumbTrail([])).toEqual([])
  })
})

describe('folder tree navigation', () => {
  it('finds a nested folder by its parts', () => {
    expect(findFolder(tree, [])).toBe(tree)
    expect(findFolder(tree, ['Campanhas', 'Natal 2024'])?.media.map((m) => m.name)).toEqual(['Papai Noel'])
  })

  it('answers undefined for a folder the tree does not have', () => {
    expect(findFolder(tree, ['Campanhas', 'Páscoa'])).toBeUndefined()
    expect(findFolder(tree, ['Nada'])).toBeUndefined()
  })

  it('lists folders, then files, each in natural order', () => {
    const root = folder('', {
      media: [media('Slide 10'), media('Slide 9')],
      folders: [folder('Loja 10'), folder('Loja 2')],
    })
    const { folders, media: files } = folderContents(root)
    expect(folders.map((f) => f.name)).toEqual(['Loja 2', 'Loja 10'])
    expect(files.map((m) => m.name)).toEqual(['Slide 9', 'Slide 10'])
  })

  it('makes an empty folder for a path', () => {
    expect(emptyFolder(['A', 'B'])).toEqual({ name: 'B', path: 'A|B', media: [], folders: [] })
    expect(emptyFolder([])).toEqual({ name: '', path: '', media: [], folders: [] })
  })
})

describe('local folders', () => {
  it('adds folders made in the browser, nested ones included, without touching the server tree', () => {
    const merged = withLocalFolders(tree, ['Promoções', 'Campanhas|Páscoa', 'Novas|Sub'])
    expect(folderContents(merged).folders.map((f) => f.name)).toEqual(['Campanhas', 'Novas', 'Promoções'])
    expect(findFolder(merged, ['Campanhas'])?.folders.map((f) => f.name)).toEqual(['Natal 2024', 'Páscoa'])
    expect(findFolder(merged, ['Novas', 'Sub'])).toEqual({ name: 'Sub', path: 'Novas|Sub', media: [], folders: [] })
    expect(tree.folders.map((f) => f.name)).toEqual(['Campanhas'])
    expect(tree.folders[0].folders.map((f) => f.name)).toEqual(['Natal 2024'])
  })

  it('does not duplicate a folder the server already has', () => {
    const merged = withLocalFolders(tree, ['Campanhas', 'Campanhas|Natal 2024'])
    expect(merged.folders).toHaveLength(1)
    expect(findFolder(merged, ['Campanhas', 'Natal 2024'])?.media).toHaveLength(1)
  })

  it('tells which local folders are still only local', () => {
    expect(pendingLocalFolders(tree, ['Campanhas', 'Promoções', 'Campanhas|Natal 2024'])).toEqual(['Promoções'])
  })
})

describe('findMedia', () => {
  it('finds a file at any depth of the tree, by id', () => {
    expect(findMedia(tree, 'id-Logo')?.name).toBe('Logo')
    expect(findMedia(tree, 'id-Papai Noel')?.folder).toBe('Campanhas|Natal 2024')
    expect(findMedia(tree, 'id-nenhuma')).toBeUndefined()
  })
})
