// Reads what the browser can tell about a chosen file before it is sent:
// image dimensions, and a video's dimensions, duration and frame rate.
import { FPS_SAMPLE_SECONDS, FPS_TIMEOUT_MS, framesPerSecond } from './upload-rules'

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
/** The speed the video plays at while its frames are counted. */
const FPS_PLAYBACK_RATE = 0.5

/**
 * Watches the frames the browser presents while the muted video plays, for up
 * to 5 s of media, giving up after 6 s; null when it cannot tell. It plays at
 * half speed: a busy machine then still presents every frame, where at full
 * speed it may show only every other one for seconds on end (a 25 fps video
 * measured as 12.5).
 */
function countFrames(video: HTMLVideoElement, duration: number | undefined): Promise<number | null> {
  if (typeof video.requestVideoFrameCallback !== 'function') return Promise.resolve(null)
  const sampleSeconds = Math.min(FPS_SAMPLE_SECONDS, duration && duration > 0 ? duration : FPS_SAMPLE_SECONDS)
  return new Promise((resolve) => {
    const mediaTimes: number[] = []
    let finished = false
    const finish = () => {
      if (finished) return
      finished = true
      clearTimeout(timer)
      video.removeEventListener('ended', finish)
      video.pause()
      resolve(framesPerSecond(mediaTimes))
    }
    const timer = setTimeout(finish, FPS_TIMEOUT_MS)
    const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
      if (finished) return
      mediaTimes.push(meta.mediaTime)
      if (meta.mediaTime - mediaTimes[0] >= sampleSeconds) finish()
      else video.requestVideoFrameCallback(onFrame)
    }
    video.requestVideoFrameCallback(onFrame)
    video.addEventListener('ended', finish)
    video.playbackRate = FPS_PLAYBACK_RATE
    video.play().catch(finish)
  })
}

/**
 * What a <video> element learns of the file. A file the browser cannot play
 * (AVI, an unusual codec) gives an empty answer rather than an error: the
 * server checks the bytes anyway.
 */
export async function analyzeVideo(file: Blob): Promise<VideoInfo> {
  const url = URL.createObjectURL(file)
  const video = document.createElement('video')
  video.muted = true
  video.playsInline = true
  video.preload = 'auto'
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
    const fps = await countFrames(video, info.duration)
    if (fps !== null) info.fps = fps
    return info
  } finally {
    video.pause()
    video.removeAttribute('src')
    video.load()
    URL.revokeObjectURL(url)
  }
}
