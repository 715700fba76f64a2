import { describe, expect, it } from 'vitest'
import type { ScheduleEntry } from '@/lib/playback'
import { advance, fromWallInput, previewQueue, toWallInput } from './preview'

const TZ = 'America/Sao_Paulo'
// Monday 2026-11-23 in São Paulo (UTC−3).
const at = (hhmm: string) => fromWallInput(`2026-11-23T${hhmm}`, TZ)!

const day: ScheduleEntry = { id: 'dia', name: 'Dia', displayTime: 5, timeGap: ['06:00@18:00'] }
const night: ScheduleEntry = { id: 'noite', name: 'Noite', displayTime: 8, timeGap: ['22:00@02:00'] }
const always: ScheduleEntry = { id: 'sempre', name: 'Sempre', displayTime: 3 }
const slot: ScheduleEntry = { id: 'slot', name: 'Slot', isAd: true, adSlots: 2, adTime: 15 }

describe('wall-clock input', () => {
  it('reads and writes the screens wall clock, whatever the browser zone', () => {
    const moment = at('22:30')
    expect(moment).toBe(Date.UTC(2026, 10, 24, 1, 30))
    expect(toWallInput(moment, TZ)).toBe('2026-11-23T22:30')
  })

  it('refuses what is not a date and time', () => {
    expect(fromWallInput('', TZ)).toBeNull()
    expect(fromWallInput('23/11/2026 10:00', TZ)).toBeNull()
  })
})

describe('previewQueue', () => {
  it('plays in order, skipping what is not eligible at the moment', () => {
    const { current, upcoming } = previewQueue([night, day, always], { at: at('10:00'), position: 0 }, TZ, 3)
    expect(current.entryId).toBe('dia')
    expect(upcoming.map((item) => item.entryId)).toEqual(['sempre', 'dia', 'sempre'])
  })

  it('plays a night-only entry when the clock is moved to the night', () => {
    const { current } = previewQueue([day, night], { at: at('23:00'), position: 0 }, TZ)
    expect(current).toMatchObject({ entryId: 'noite', duration: 8000, kind: 'media' })
  })

  it('shows a slot for its whole length', () => {
    const { current } = previewQueue([slot, day], { at: at('03:00'), position: 0 }, TZ)
    expect(current).toMatchObject({ kind: 'slot', duration: 30_000 })
  })

  it('is idle for 1 s when nothing is eligible, then looks again from the same position', () => {
    const cursor = { at: at('03:00'), position: 1 }
    const { current, upcoming } = previewQueue([day, night], cursor, TZ)
    expect(current).toMatchObject({ kind: 'idle', duration: 1000 })
    expect(upcoming).toEqual([])
    expect(advance(cursor, current)).toEqual({ at: cursor.at + 1000, position: 1 })
  })

  it('moves past the item that ended', () => {
    const cursor = { at: at('10:00'), position: 0 }
    const { current } = previewQueue([day, always], cursor, TZ)
    expect(advance(cursor, current)).toEqual({ at: cursor.at + 5000, position: 1 })
  })

  it('is idle without entries', () => {
    expect(previewQueue([], { at: 0, position: 0 }, TZ).current.kind).toBe('idle')
  })
})
