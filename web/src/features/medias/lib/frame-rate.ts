// The frame rate of a chosen video, read from its container (the MP4 sample
// table) rather than measured by playing it: the rate is a fact of the file,
// while a busy machine presents only some of the frames it plays and would
// read a 25 fps video as 12.5.
import type { Movie } from 'mp4box'

/** Bytes read per step; the parser asks for the next position it needs, so the media data is skipped. */
const CHUNK_BYTES = 1 << 20
/** Box types an MP4 or QuickTime file starts with (bytes 4 to 8). */
const FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot'])
/** A file whose header is not found within this many reads says nothing. */
const MAX_READS = 64

/**
 * Frames per second of the first video track of an MP4 (or QuickTime) file,
 * rounded to two decimals: the samples over their total duration, from the
 * moov box, or from the first fragment of a fragmented file. Null for other
 * containers and for files that do not tell.
 */
export async function readFrameRate(file: Blob, chunkBytes = CHUNK_BYTES): Promise<number | null> {
  const head = new Uint8Array(await file.slice(4, 8).arrayBuffer())
  if (!FIRST_BOXES.has(String.fromCharCode(...head))) return null
  // Loaded on the first video only: most visits to the library never need the parser.
  const { createFile, MP4BoxBuffer } = await import('mp4box')
  const iso = createFile()
  const found: { movie?: Movie; failed?: boolean } = {}
  iso.onReady = (movie) => {
    found.movie = movie
  }
  iso.onError = () => {
    found.failed = true
  }
  let position = 0
  for (let reads = 0; reads < MAX_READS && position < file.size && !found.failed; reads++) {
    const end = Math.min(file.size, position + chunkBytes)
    const bytes = await file.slice(position, end).arrayBuffer()
    let next: number
    try {
      next = iso.appendBuffer(MP4BoxBuffer.fromArrayBuffer(bytes, position), end >= file.size)
    } catch {
      return null
    }
    if (found.movie) {
      const track = found.movie.videoTracks[0]
      if (!track) return null
      const rate = rateOf(iso.getTrackById(track.id)?.samples ?? [])
      // A fragmented file lists its samples fragment by fragment: read on to the first one.
      if (rate !== null || !found.movie.isFragmented) return rate
    }
    position = next > position ? next : end
  }
  return null
}

function rateOf(samples: ReadonlyArray<{ duration: number; timescale: number }>): number | null {
  if (samples.length < 2) return null
  let total = 0
  for (const sample of samples) total += sample.duration
  const timescale = samples[0].timescale
  if (total <= 0 || timescale <= 0) return null
  return Math.round(((samples.length * timescale) / total) * 100) / 100
}
