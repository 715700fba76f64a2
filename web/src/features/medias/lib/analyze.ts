// Reads what the browser can tell about a chosen file before it is sent:
// image dimensions, and a video's dimensions, duration and frame rate.
import { readFrameRate } from './frame-rate'

export type ImageInfo = { width: number; height: number }
export type VideoInfo = { width?: number; height?: number; duration?: number; fps?: number }

/** Decodes the image; rejects when the browser cannot (not really an image). */
export function analyzeImage(file: Blob): Promise<ImageInfo> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file)
    const img = new Image()
    img.onload = () => {
      URL.revokeObjectURL(url)
      if (img.naturalWidth > 0 && img.naturalHeight > 0) resolve({ width: img.naturalWidth, height: img.naturalHeight })
      else reject(new Error('empty image'))
    }
    img.onerror = () => {
      URL.revokeObjectURL(url)
      reject(new Error('not an image'))
    }
    img.src = url
  })
}

const METADATA_TIMEOUT_MS = 10_000

/**
 * What a <video> element learns of the file (dimensions, duration) and the
 * frame rate its container states. A file the browser cannot read (AVI, an
 * unusual codec) gives an empty answer rather than an error: the server
 * checks the bytes anyway.
 */
export async function analyzeVideo(file: Blob): Promise<VideoInfo> {
  const [info, fps] = await Promise.all([readMetadata(file), readFrameRate(file).catch(() => null)])
  if (fps !== null) info.fps = fps
  return info
}

async function readMetadata(file: Blob): Promise<VideoInfo> {
  const url = URL.createObjectURL(file)
  const video = document.createElement('video')
  video.preload = 'metadata'
  try {
    const loaded = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), METADATA_TIMEOUT_MS)
      video.onloadedmetadata = () => {
        clearTimeout(timer)
        resolve(true)
      }
      video.onerror = () => {
        clearTimeout(timer)
        resolve(false)
      }
      video.src = url
    })
    if (!loaded) return {}
    const info: VideoInfo = {}
    if (video.videoWidth > 0 && video.videoHeight > 0) {
      info.width = video.videoWidth
      info.height = video.videoHeight
    }
    if (Number.isFinite(video.duration) && video.duration > 0) info.duration = video.duration
    return info
  } finally {
    video.removeAttribute('src')
    video.load()
    URL.revokeObjectURL(url)
  }
}
