// Media for the library's flows: real image bytes (a small PNG encoder), a
// real video made with ffmpeg, and the upload flow of the API (policy, direct
// upload, registration) for setting up a library without the screen.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { ApiError, type Api } from './api.ts'

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer) {
  let c = 0xffffffff
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * An RGB PNG of width × height. `noise` fills it with pseudo-random pixels
 * (they do not compress, so the file is about 3 bytes per pixel — handy for
 * watching an upload progress); otherwise a gradient.
 */
export function png(width: number, height: number, options: { noise?: boolean; seed?: number } = {}): Buffer {
  let state = options.seed ?? 1
  const random = () => {
    // 32-bit arithmetic (a plain * loses the low bits); the high bits vary most.
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff
    return (state >>> 16) & 0xff
  }
  const raw = Buffer.alloc((width * 3 + 1) * height)
  let i = 0
  for (let y = 0; y < height; y++) {
    raw[i++] = 0 // filter: none
    for (let x = 0; x < width; x++) {
      if (options.noise) {
        raw[i++] = random()
        raw[i++] = random()
        raw[i++] = random()
      } else {
        raw[i++] = Math.round((x / width) * 255)
        raw[i++] = Math.round((y / height) * 255)
        raw[i++] = 160
      }
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export function hasFfmpeg(): boolean {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** Runs ffmpeg into a temporary file and returns its bytes. */
function ffmpeg(args: string[], extension: string): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-media-'))
  const out = path.join(dir, `out.${extension}`)
  try {
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, out], { stdio: 'pipe' })
    return fs.readFileSync(out)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * An H.264 MP4 test pattern, 2 s, 320x240, 25 fps unless told. With `plain`, one
 * colour instead of the pattern, encoded at x264's fastest preset: for a file
 * whose size and frame rate are what a flow reads, a 2048x1152 60 fps clip in
 * under a second of ffmpeg's CPU instead of six.
 */
export function mp4(options: { seconds?: number; size?: string; rate?: number; plain?: boolean } = {}): Buffer {
  const { seconds = 2, size = '320x240', rate = 25, plain = false } = options
  const picture = plain ? `color=c=0x336699:size=${size}:rate=${rate}:duration=${seconds}` : `testsrc=duration=${seconds}:size=${size}:rate=${rate}`
  return ffmpeg(['-f', 'lavfi', '-i', picture, '-pix_fmt', 'yuv420p', ...(plain ? ['-preset', 'ultrafast'] : []), '-movflags', '+faststart'], 'mp4')
}

/** A JPEG test pattern. */
export function jpeg(size = '640x360'): Buffer {
  return ffmpeg(['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=1`, '-frames:v', '1', '-q:v', '4'], 'jpg')
}

export interface MediaItem {
  id: string
  name: string
  type: 'image' | 'video'
  filePath: string
  url: string
  thumbnailUrl: string
  folder: string
  width: number
  height: number
  duration: number
  schedules: { id: string; name: string }[]
  [field: string]: unknown
}

export interface Library {
  mediaList: MediaItem[]
  folderMap: unknown
}

/** GET /media/{franchise}. */
export function library(api: Api, token: string, franchise: string) {
  return api.get<Library>(`/media/${franchise}`, token)
}

/** The franchise's media with this name, or undefined. */
export async function findMedia(api: Api, token: string, franchise: string, name: string) {
  const { mediaList } = await library(api, token, franchise)
  return mediaList.find((m) => m.name === name)
}

/**
 * Adds a file to the library as the console does: asks for a policy, posts
 * the file straight to storage, registers it.
 */
export async function addMedia(
  api: Api,
  token: string,
  franchise: string,
  file: { name: string; type: 'image' | 'video'; bytes: Buffer; contentType: string; folder?: string },
): Promise<MediaItem> {
  const query = new URLSearchParams({ type: file.type, contentType: file.contentType })
  const { data } = await api.get<{ data: { url: string; fields: Record<string, string> } }>(`/media/file/${franchise}?${query}`, token)
  const form = new FormData()
  for (const [k, v] of Object.entries(data.fields)) form.append(k, v)
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), 'upload')
  const res = await fetch(new URL(data.url, api.baseURL), { method: 'POST', body: form })
  if (!res.ok) throw new ApiError('POST', data.url, res.status, await res.text())
  const { media } = await api.post<{ media: MediaItem }>(
    `/media/${franchise}`,
    { name: file.name, type: file.type, folder: file.folder ?? '', filePath: data.fields.key },
    token,
  )
  return media
}
