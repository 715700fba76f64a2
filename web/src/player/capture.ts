// screenshot and recordVideo without a DOM-to-image library: the stage is
// drawn onto a canvas by hand — black, the media on screen (the <img> or
// the current <video> frame, fitted as on screen), the footer's background,
// logo and texts at their layout positions. Positions come from offsetLeft
// and offsetTop, which ignore the stage's rotation: captures show the
// content upright, as viewers of the turned TV see it. Only same-origin
// pictures are drawn (kept files are blob: URLs): a picture from another
// origin would taint the canvas and make it unreadable.

/** The longest side of a still; the stage's own size when smaller. */
export const STILL_MAX = 1920
/** The longest side of a clip: boxes encode slowly. */
export const CLIP_MAX = 1280
export const CLIP_FPS = 15

/** Where `el`'s box lies inside `root`, in untransformed layout pixels. */
function boxWithin(el: HTMLElement, root: HTMLElement) {
  let x = 0
  let y = 0
  let node: HTMLElement | null = el
  while (node && node !== root) {
    x += node.offsetLeft
    y += node.offsetTop
    node = node.offsetParent as HTMLElement | null
  }
  return { x, y, w: el.offsetWidth, h: el.offsetHeight }
}

/** Whether drawing a picture from `src` leaves the canvas readable. */
export function drawable(src: string, origin: string = location.origin): boolean {
  if (src.startsWith('blob:') || src.startsWith('data:')) return true
  try {
    return new URL(src, origin).origin === origin
  } catch {
    return false
  }
}

function drawPicture(ctx: CanvasRenderingContext2D, el: HTMLImageElement | HTMLVideoElement, root: HTMLElement) {
  const src = el.currentSrc || el.src
  if (!src || !drawable(src)) return
  const natural = el instanceof HTMLVideoElement ? { w: el.videoWidth, h: el.videoHeight } : { w: el.naturalWidth, h: el.naturalHeight }
  if (!natural.w || !natural.h) return
  const box = boxWithin(el, root)
  if (getComputedStyle(el).objectFit === 'fill') {
    ctx.drawImage(el, box.x, box.y, box.w, box.h)
    return
  }
  const scale = Math.min(box.w / natural.w, box.h / natural.h)
  const w = natural.w * scale
  const h = natural.h * scale
  ctx.drawImage(el, box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h)
}

/**
 * Draws `root` (the stage, or the whole page when nothing plays) at
 * `scale`: the media layers marked ready (`[data-layer][data-ready]`, last
 * on top), the boxes marked `[data-fill]` in their background colour, the
 * pictures marked `[data-picture]`, and the texts marked `[data-text]`.
 */
export function drawStage(ctx: CanvasRenderingContext2D, root: HTMLElement, scale: number) {
  ctx.setTransform(scale, 0, 0, scale, 0, 0)
  ctx.fillStyle = '#000'
  ctx.fillRect(0, 0, root.offsetWidth, root.offsetHeight)
  const layers = root.querySelectorAll<HTMLElement>('[data-layer][data-ready="true"]')
  const top = layers.length ? layers[layers.length - 1] : null
  const media = top?.querySelector<HTMLImageElement | HTMLVideoElement>('img, video')
  if (media) drawPicture(ctx, media, root)
  root.querySelectorAll<HTMLElement>('[data-fill]').forEach((el) => {
    const box = boxWithin(el, root)
    ctx.fillStyle = getComputedStyle(el).backgroundColor
    ctx.fillRect(box.x, box.y, box.w, box.h)
  })
  root.querySelectorAll<HTMLImageElement>('img[data-picture]').forEach((img) => {
    if (img.complete) drawPicture(ctx, img, root)
  })
  ctx.textBaseline = 'middle'
  root.querySelectorAll<HTMLElement>('[data-text]').forEach((el) => {
    const text = el.textContent ?? ''
    if (!text) return
    const style = getComputedStyle(el)
    const box = boxWithin(el, root)
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    ctx.fillStyle = style.color
    ctx.textAlign = style.textAlign === 'center' ? 'center' : 'left'
    const x = style.textAlign === 'center' ? box.x + box.w / 2 : box.x
    if (box.w > 0) ctx.fillText(text, x, box.y + box.h / 2, box.w)
    else ctx.fillText(text, x, box.y + box.h / 2)
  })
}

function canvasFor(root: HTMLElement, max: number) {
  const width = root.offsetWidth || window.innerWidth
  const height = root.offsetHeight || window.innerHeight
  const scale = Math.min(1, max / Math.max(width, height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(width * scale))
  canvas.height = Math.max(1, Math.round(height * scale))
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('Captura de tela não suportada neste aparelho.')
  return { canvas, ctx, scale }
}

/** A JPEG still of `root`. */
export function captureStill(root: HTMLElement): Promise<Blob> {
  const { canvas, ctx, scale } = canvasFor(root, STILL_MAX)
  drawStage(ctx, root, scale)
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Não foi possível gerar a captura de tela.'))), 'image/jpeg', 0.85)
  })
}

/** The first recording format the box offers, or null. */
function recordingType(): string | null {
  for (const type of ['video/webm;codecs=vp8', 'video/webm;codecs=vp9', 'video/webm', 'video/mp4']) {
    if (MediaRecorder.isTypeSupported(type)) return type
  }
  return null
}

/** A clip of `root`, `ms` long: the stage redrawn CLIP_FPS times a second and recorded. */
export function captureClip(root: HTMLElement, ms: number): Promise<Blob> {
  const unsupported = new Error('Gravação de vídeo não suportada neste aparelho.')
  const { canvas, ctx, scale } = canvasFor(root, CLIP_MAX)
  if (typeof canvas.captureStream !== 'function' || typeof MediaRecorder === 'undefined') return Promise.reject(unsupported)
  const type = recordingType()
  if (!type) return Promise.reject(unsupported)
  return new Promise((resolve, reject) => {
    drawStage(ctx, root, scale)
    const stream = canvas.captureStream(CLIP_FPS)
    const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 2_500_000 })
    const chunks: Blob[] = []
    const frames = setInterval(() => drawStage(ctx, root, scale), 1000 / CLIP_FPS)
    const finish = () => {
      clearInterval(frames)
      stream.getTracks().forEach((track) => track.stop())
    }
    recorder.ondataavailable = (event) => {
      if (event.data && event.data.size > 0) chunks.push(event.data)
    }
    recorder.onerror = () => {
      finish()
      reject(new Error('Falha ao gravar o vídeo.'))
    }
    recorder.onstop = () => {
      finish()
      if (chunks.length === 0) reject(new Error('Falha ao gravar o vídeo.'))
      else resolve(new Blob(chunks, { type: type.split(';')[0] }))
    }
    recorder.start(1000)
    setTimeout(() => {
      if (recorder.state !== 'inactive') recorder.stop()
    }, ms)
  })
}
