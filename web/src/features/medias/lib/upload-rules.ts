// Rules of the upload modal (spec 2, sections 5 and 9): which files are
// accepted, when an image is compressed, which videos deserve a warning, and
// how progress turns into speed and time left.
import type { MediaKind } from '../types'

/** 1 MB as the product counts it. */
export const MB = 1048576
export const MAX_IMAGE_SIZE = 10485760
export const MAX_VIDEO_SIZE = 209715200
export const MAX_VIDEO_WIDTH = 1920
export const MAX_VIDEO_HEIGHT = 1080
export const MAX_VIDEO_FPS = 30
/** Above this a video still uploads, with a suggestion to compress it first. */
export const LARGE_VIDEO_SIZE = 50 * MB
export const VIDEO_COMPRESSION_SITE = 'https://www.freeconvert.com/pt/video-compressor'
export const MAX_IMAGE_DIMENSION = 1920
export const IMAGE_QUALITY = 0.7
/** PNGs over this many bytes are converted to JPEG when compressed. */
export const PNG_TO_JPEG_SIZE = 5_000_000

export const UNSUPPORTED_FILE = 'Erro: Formato não suportado ou arquivo muito grande.'

/** Title of the toast of a failed upload (spec 2, section 8). */
export const UPLOAD_ERROR_TITLE = 'Ocorreu um erro'

/** Text of a failed upload without a server message: it names the file when there is a name to show. */
export function uploadFailedText(name: string) {
  const shown = name.trim()
  return shown ? `Ocorreu um erro ao fazer o upload de ${shown}` : 'Ocorreu um erro ao fazer o upload da mídia.'
}

const contentTypes: Record<MediaKind, Record<string, string>> = {
  image: { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif' },
  video: { mp4: 'video/mp4', avi: 'video/x-msvideo', gif: 'image/gif' },
}

const typeAliases: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'video/avi': 'video/x-msvideo',
  'video/msvideo': 'video/x-msvideo',
}

/** The file input's accept attribute for a kind. */
export function acceptFor(kind: MediaKind): string {
  const extensions = Object.keys(contentTypes[kind]).map((ext) => `.${ext}`)
  const types = [...new Set(Object.values(contentTypes[kind]))]
  if (kind === 'video') types.push('video/avi')
  return [...types, ...extensions].join(',')
}

export const helperText: Record<MediaKind, string> = {
  image: 'Imagens nos formatos png, jpg, jpeg ou gif, com até 10Mb.',
  video: 'Vídeos nos formatos mp4, avi ou gif, com até 200Mb.',
}

function extensionOf(name: string) {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

/** The file's name without its extension: the default media name. */
export function baseName(name: string) {
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? name : name.slice(0, dot)
}

/**
 * The content type a file is uploaded as, when the modal of `kind` accepts
 * it: the browser's type when it names an accepted format, else the
 * extension's (browsers often leave .avi untyped).
 */
export function uploadContentType(file: { name: string; type: string }, kind: MediaKind): string | null {
  const accepted = new Set(Object.values(contentTypes[kind]))
  const declared = file.type.toLowerCase()
  const normalized = typeAliases[declared] ?? declared
  if (accepted.has(normalized)) return normalized
  if (declared !== '' && declared !== 'application/octet-stream') return null
  return contentTypes[kind][extensionOf(file.name)] ?? null
}

export function maxSizeFor(kind: MediaKind) {
  return kind === 'video' ? MAX_VIDEO_SIZE : MAX_IMAGE_SIZE
}

export type FileCheck = { ok: true; contentType: string } | { ok: false; error: string }

/** Format and size check done before anything is sent. */
export function checkFile(file: { name: string; type: string; size: number }, kind: MediaKind): FileCheck {
  const contentType = uploadContentType(file, kind)
  if (!contentType || file.size <= 0 || file.size > maxSizeFor(kind)) return { ok: false, error: UNSUPPORTED_FILE }
  return { ok: true, contentType }
}

export type CompressionPlan = {
  quality: number
  maxWidth: number
  maxHeight: number
  /** PNGs over 5,000,000 bytes become JPEG. */
  convertToJpeg: boolean
}

/**
 * How an image is compressed before upload, or null when it is sent as is:
 * GIFs keep their animation and videos are never touched.
 */
export function compressionPlan(file: { type: string; size: number }): CompressionPlan | null {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return null
  return {
    quality: IMAGE_QUALITY,
    maxWidth: MAX_IMAGE_DIMENSION,
    maxHeight: MAX_IMAGE_DIMENSION,
    convertToJpeg: file.type === 'image/png' && file.size > PNG_TO_JPEG_SIZE,
  }
}

export type VideoWarnings = { isHighRes: boolean; isHighFps: boolean; isTooLarge: boolean }

/** Non-blocking advice about a video; unknown figures raise nothing. */
export function videoWarnings(video: { width?: number; height?: number; fps?: number; size: number }): VideoWarnings {
  const { width = 0, height = 0, fps = 0, size } = video
  // A portrait 1080x1920 video is as heavy as a landscape FHD one.
  const long = Math.max(width, height)
  const short = Math.min(width, height)
  return {
    isHighRes: long > MAX_VIDEO_WIDTH || short > MAX_VIDEO_HEIGHT,
    isHighFps: fps > MAX_VIDEO_FPS,
    isTooLarge: size > LARGE_VIDEO_SIZE,
  }
}

export type TransferStats = {
  /** 0 to 100, whole numbers. */
  percent: number
  /** MB/s (1 MB = 1048576 bytes) since the upload started. */
  speed: number
  /** Whole seconds left at the average speed; null before any byte moved. */
  secondsLeft: number | null
}

export function transferStats(loaded: number, total: number, elapsedMs: number): TransferStats {
  const done = total > 0 ? Math.min(loaded, total) : 0
  const percent = total > 0 ? Math.floor((done / total) * 100) : 0
  const bytesPerSecond = elapsedMs > 0 ? done / (elapsedMs / 1000) : 0
  const secondsLeft = bytesPerSecond > 0 ? Math.ceil((total - done) / bytesPerSecond) : null
  return { percent, speed: bytesPerSecond / MB, secondsLeft }
}

const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

export function formatSpeed(speed: number) {
  return `${decimal.format(speed)} MB/s`
}

export function formatSize(bytes: number) {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${decimal.format(bytes / MB)} MB`
}

export function formatSecondsLeft(seconds: number | null) {
  if (seconds === null) return 'calculando...'
  return `${seconds} s restantes`
}
