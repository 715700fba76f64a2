import type { Media } from './types'

/** A library media for unit tests; `overrides` sets what the test is about. */
export function testMedia(name: string, overrides: Partial<Media> = {}): Media {
  return {
    id: `id-${name}`,
    name,
    type: 'image',
    filePath: `norte/media/${name}.png`,
    url: `/files/norte/media/${name}.png`,
    thumbnailUrl: '',
    folder: '',
    displayTime: 0,
    width: 10,
    height: 10,
    duration: 0,
    fps: 0,
    size: 100,
    contentType: 'image/png',
    volume: 0,
    limitByHour: 0,
    franchise: 'norte',
    createdAt: 1,
    updatedAt: 1,
    schedules: [],
    ...overrides,
  }
}
