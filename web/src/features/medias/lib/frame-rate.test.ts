// @vitest-environment node
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { readFrameRate } from './frame-rate'
import { videoWarnings } from './upload-rules'

// Small test patterns made with ffmpeg's testsrc (64x48, 1 s), e.g.
// ffmpeg -f lavfi -i testsrc=duration=1:size=64x48:rate=25 -pix_fmt yuv420p -movflags +faststart 25fps.mp4
const testdata = join(dirname(fileURLToPath(import.meta.url)), 'testdata')

function fixture(name: string): Blob {
  return new Blob([readFileSync(join(testdata, name))])
}

/** A blob that records the byte ranges read from it. */
function recorded(blob: Blob) {
  const ranges: Array<[number, number]> = []
  const file = {
    size: blob.size,
    slice(start: number, end: number) {
      ranges.push([start, end])
      return blob.slice(start, end)
    },
  } as Blob
  return { file, bytesRead: () => ranges.reduce((sum, [start, end]) => sum + end - start, 0) }
}

describe('frame rate read from the file', () => {
  it('reads the rate of an MP4 from its sample table', async () => {
    expect(await readFrameRate(fixture('25fps.mp4'))).toBe(25)
    expect(await readFrameRate(fixture('29.97fps.mp4'))).toBe(29.97)
  })

  it('finds the header at the end of the file without reading the video data', async () => {
    const { file, bytesRead } = recorded(fixture('60fps-moov-at-end.mp4'))
    expect(await readFrameRate(file, 256)).toBe(60)
    expect(bytesRead()).toBeLessThan(file.size / 2)
  })

  it('reads a fragmented MP4 from its first fragment', async () => {
    expect(await readFrameRate(fixture('60fps-fragmented.mp4'))).toBe(60)
  })

  it('does not tell the rate of other containers', async () => {
    expect(await readFrameRate(fixture('25fps.avi'))).toBeNull()
    expect(await readFrameRate(new Blob(['not a video']))).toBeNull()
    expect(await readFrameRate(new Blob([]))).toBeNull()
  })

  it('warns about a 60 fps file and not about a 25 fps one', async () => {
    const fps60 = await readFrameRate(fixture('60fps-moov-at-end.mp4'))
    const fps25 = await readFrameRate(fixture('25fps.mp4'))
    expect(videoWarnings({ size: 4398, fps: fps60 ?? undefined }).isHighFps).toBe(true)
    expect(videoWarnings({ size: 3386, fps: fps25 ?? undefined }).isHighFps).toBe(false)
  })
})
