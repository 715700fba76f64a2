import type { Media, MediaFolder } from '../types'

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })

export const kindLabel = (media: Media) => (media.type === 'video' ? 'Vídeo' : 'Imagem')

/** '1920 × 1080 · 12 s' — what the list says about a file. */
export function mediaDetails(media: Media) {
  const parts: string[] = []
  if (media.width && media.height) parts.push(`${media.width} × ${media.height}`)
  if (media.type === 'video' && media.duration > 0) parts.push(`${decimal.format(media.duration)} s`)
  return parts.join(' · ')
}

export function folderDetails(folder: MediaFolder) {
  const count = folder.media.length + folder.folders.length
  if (count === 0) return 'Vazia'
  return count === 1 ? '1 item' : `${count} itens`
}
