// Schedule entries for unit tests.
import type { ScheduleEntry } from './api/types'

/** A media entry of the library, every rule at its default unless given. */
export const testEntry = (id: string, extra: Partial<ScheduleEntry> = {}): ScheduleEntry => ({
  id,
  name: id,
  displayTime: 10,
  dok: 127,
  enabled: true,
  stretch: false,
  timeGap: [],
  volume: 0,
  type: 'image',
  filePath: `f/${id}.png`,
  url: `http://cdn/${id}.png`,
  thumbnailUrl: `http://cdn/${id}.jpg`,
  ...extra,
})
