// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  acceptFor,
  baseName,
  checkFile,
  compressionPlan,
  formatSecondsLeft,
  formatSize,
  formatSpeed,
  MB,
  transferStats,
  UNSUPPORTED_FILE,
  uploadContentType,
  uploadFailedText,
  videoWarnings,
} from './upload-rules'

const file = (name: string, type: string, size = 1000) => ({ name, type, size })

describe('file check', () => {
  it.each([
    ['foto.png', 'image/png', 'image/png'],
    ['foto.jpg', 'image/jpeg', 'image/jpeg'],
    ['foto.jpeg', 'image/jpg', 'image/jpeg'],
    ['anim.gif', 'image/gif', 'image/gif'],
    ['foto.PNG', '', 'image/png'],
  ])('accepts the image %s (%s)', (name, type, expected) => {
    expect(checkFile(file(name, type), 'image')).toEqual({ ok: true, contentType: expected })
  })

  it.each([
    ['filme.mp4', 'video/mp4', 'video/mp4'],
    ['filme.avi', 'video/x-msvideo', 'video/x-msvideo'],
    ['filme.avi', 'video/avi', 'video/x-msvideo'],
    ['filme.avi', '', 'video/x-msvideo'],
    ['anim.gif', 'image/gif', 'image/gif'],
  ])('accepts the video %s (%s)', (name, type, expected) => {
    expect(checkFile(file(name, type), 'video')).toEqual({ ok: true, contentType: expected })
  })

  it.each([
    ['a video in the image modal', file('filme.mp4', 'video/mp4'), 'image'],
    ['an image in the video modal', file('foto.png', 'image/png'), 'video'],
    ['a WebP image', file('foto.webp', 'image/webp'), 'image'],
    ['a QuickTime video', file('filme.mov', 'video/quicktime'), 'video'],
    ['a text file', file('notas.txt', 'text/plain'), 'image'],
    ['an untyped file with an unknown extension', file('arquivo', ''), 'image'],
    ['an empty file', file('foto.png', 'image/png', 0), 'image'],
  ] as const)('refuses %s', (_, f, kind) => {
    expect(checkFile(f, kind)).toEqual({ ok: false, error: UNSUPPORTED_FILE })
  })

  it('refuses an image over 10485760 bytes and accepts one at the limit', () => {
    expect(checkFile(file('foto.png', 'image/png', 10485760), 'image').ok).toBe(true)
    expect(checkFile(file('foto.png', 'image/png', 10485761), 'image')).toEqual({ ok: false, error: UNSUPPORTED_FILE })
  })

  it('refuses a video over 209715200 bytes and accepts one at the limit', () => {
    expect(checkFile(file('filme.mp4', 'video/mp4', 209715200), 'video').ok).toBe(true)
    expect(checkFile(file('filme.mp4', 'video/mp4', 209715201), 'video')).toEqual({ ok: false, error: UNSUPPORTED_FILE })
  })

  it('takes the type from the extension only when the browser gave none', () => {
    expect(uploadContentType(file('foto.png', 'application/octet-stream'), 'image')).toBe('image/png')
    expect(uploadContentType(file('foto.png', 'text/plain'), 'image')).toBeNull()
  })

  it('offers the accepted types and extensions to the file picker', () => {
    expect(acceptFor('image')).toBe('image/png,image/jpeg,image/gif,.png,.jpg,.jpeg,.gif')
    expect(acceptFor('video')).toBe('video/mp4,video/x-msvideo,image/gif,video/avi,.mp4,.avi,.gif')
  })

  it('names a media after its file, without the extension', () => {
    expect(baseName('Promo verão.2024.png')).toBe('Promo verão.2024')
    expect(baseName('sem-extensao')).toBe('sem-extensao')
    expect(baseName('.oculto')).toBe('.oculto')
  })
})

describe('image compression', () => {
  it('compresses PNG and JPEG to quality 0.7 within 1920 px', () => {
    expect(compressionPlan({ type: 'image/jpeg', size: 8_000_000 })).toEqual({
      quality: 0.7,
      maxWidth: 1920,
      maxHeight: 1920,
      convertToJpeg: false,
    })
  })

  it('converts a PNG over 5,000,000 bytes to JPEG, not one at the threshold', () => {
    expect(compressionPlan({ type: 'image/png', size: 5_000_001 })?.convertToJpeg).toBe(true)
    expect(compressionPlan({ type: 'image/png', size: 5_000_000 })?.convertToJpeg).toBe(false)
  })

  it('leaves GIFs (animation) and videos alone', () => {
    expect(compressionPlan({ type: 'image/gif', size: 9_000_000 })).toBeNull()
    expect(compressionPlan({ type: 'video/mp4', size: 1000 })).toBeNull()
  })
})

describe('video warnings', () => {
  it('raises nothing for an FHD video at 30 fps', () => {
    expect(videoWarnings({ width: 1920, height: 1080, fps: 30, size: 10 * MB })).toEqual({
      isHighRes: false,
      isHighFps: false,
      isTooLarge: false,
    })
  })

  it('warns above 1920x1080, in either orientation', () => {
    expect(videoWarnings({ width: 3840, height: 2160, size: 1 }).isHighRes).toBe(true)
    expect(videoWarnings({ width: 1920, height: 1200, size: 1 }).isHighRes).toBe(true)
    expect(videoWarnings({ width: 1080, height: 1920, size: 1 }).isHighRes).toBe(false)
  })

  it('warns above 30 fps', () => {
    expect(videoWarnings({ fps: 59.94, size: 1 }).isHighFps).toBe(true)
    expect(videoWarnings({ fps: 30, size: 1 }).isHighFps).toBe(false)
  })

  it('suggests compressing a video over 50 MB', () => {
    expect(videoWarnings({ size: 50 * MB + 1 }).isTooLarge).toBe(true)
    expect(videoWarnings({ size: 50 * MB }).isTooLarge).toBe(false)
  })

  it('raises nothing when the browser could not read the video', () => {
    expect(videoWarnings({ size: 1000 })).toEqual({ isHighRes: false, isHighFps: false, isTooLarge: false })
  })
})

describe('transfer speed and time left', () => {
  it('computes percent, MB/s (1 MB = 1048576 bytes) and whole seconds left', () => {
    expect(transferStats(MB, 4 * MB, 2000)).toEqual({ percent: 25, speed: 0.5, secondsLeft: 6 })
  })

  it('rounds the percent down so 100 means done', () => {
    expect(transferStats(999, 1000, 1000).percent).toBe(99)
    expect(transferStats(1000, 1000, 1000)).toEqual({ percent: 100, speed: 1000 / MB, secondsLeft: 0 })
  })

  it('rounds the time left up', () => {
    expect(transferStats(3 * MB, 4 * MB, 1000).secondsLeft).toBe(1)
    expect(transferStats(MB, 3.5 * MB, 1000).secondsLeft).toBe(3)
  })

  it('cannot estimate before a byte moved or time passed', () => {
    expect(transferStats(0, 1000, 500)).toEqual({ percent: 0, speed: 0, secondsLeft: null })
    expect(transferStats(10, 1000, 0)).toEqual({ percent: 1, speed: 0, secondsLeft: null })
    expect(transferStats(0, 0, 100)).toEqual({ percent: 0, speed: 0, secondsLeft: null })
  })

  it('formats speed, size and time left in pt-BR', () => {
    expect(formatSpeed(1.256)).toBe('1,26 MB/s')
    expect(formatSize(2.5 * MB)).toBe('2,50 MB')
    expect(formatSize(300)).toBe('1 KB')
    expect(formatSize(20480)).toBe('20 KB')
    expect(formatSecondsLeft(7)).toBe('7 s restantes')
    expect(formatSecondsLeft(null)).toBe('calculando...')
  })
})

describe('upload failure text', () => {
  it.each([
    ['Vitrine 9', 'Ocorreu um erro ao fazer o upload de Vitrine 9'],
    [' Logo ', 'Ocorreu um erro ao fazer o upload de Logo'],
    ['', 'Ocorreu um erro ao fazer o upload da mídia.'],
    ['   ', 'Ocorreu um erro ao fazer o upload da mídia.'],
  ])('%j: %s', (name, text) => {
    expect(uploadFailedText(name)).toBe(text)
  })
})
