// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nowPlaying, type PlaybackItem, type ScheduleEntry } from '../lib/playback'
import { itemAt, mediaUrls, orientationDegrees, playableEntries, shownFor, Timeline } from './playlist'
import type { BottomBar } from './protocol'
import { entry, schedule } from './testing'

const ZONE = 'America/Sao_Paulo'
const T0 = Date.parse('2026-03-02T10:00:00-03:00')

describe('what a box can play', () => {
  const withSlots = schedule({
    entries: [
      entry({ id: 'm-img', displayTime: 10 }),
      entry({ id: 'gone', displayTime: 10 }),
      entry({ id: 'slot-1', isAd: true, adSlots: 2, adTime: 15, adFallbackMediaId: 'm-vid' }),
      entry({ id: 'slot-2', isAd: true, adSlots: 1, adTime: 10 }),
      entry({ id: 'slot-3', isAd: true, adSlots: 1, adTime: 10, adFallbackMediaId: 'gone' }),
      entry({ id: 'm-vid', displayTime: 20, volume: 0.7, stretch: true }),
    ],
  })

  it('skips entries whose media is gone and slots with nothing to show', () => {
    expect(playableEntries(withSlots).map((e) => e.id)).toEqual(['m-img', 'slot-1', 'm-vid'])
    expect(playableEntries(null)).toEqual([])
  })

  it("shows a slot's fallback for the slot's whole length, muted", () => {
    const entries = playableEntries(withSlots)
    const item = itemAt(entries, T0 + 12_000, ZONE, T0)
    expect(item).toMatchObject({ kind: 'slot', entryIndex: 1, start: T0 + 10_000, duration: 30_000 })
    expect(shownFor(item, entries, withSlots)).toMatchObject({ media: { type: 'video' }, volume: 0, stretch: false })
    const video = shownFor(itemAt(entries, T0 + 45_000, ZONE, T0), entries, withSlots)
    expect(video).toMatchObject({ media: { name: 'Vídeo' }, volume: 0.7, stretch: true })
  })

  it('shows nothing while idle', () => {
    const idle: PlaybackItem = { entryIndex: -1, entryId: '', kind: 'idle', start: T0, duration: 1000 }
    expect(shownFor(idle, [], withSlots)).toMatchObject({ media: null, volume: 0 })
  })

  it('prefetches the files in the order they are needed, then the footer pictures', () => {
    const bar: BottomBar = {
      height: 64, bgColor: '#dfdfdf', color: '#000000', fSize: 22, fWeight: 700,
      logo: 'https://example.com/logo.png',
      quote: { coins: [{ asset: 'USD', icon: '/files/usd.png' }], style: { gap: 20, fontSize: 30, green: '#008800', red: '#aa0000' } },
    }
    expect(mediaUrls({ ...withSlots, bottomBar: bar })).toEqual([
      '/files/loja-demo/promo.jpg',
      'https://cdn.example.com/loja-demo/video.mp4',
      'https://example.com/logo.png',
      '/files/usd.png',
    ])
    expect(mediaUrls(null)).toEqual([])
  })

  it('asks lib/playback what plays, from the later of midnight and the last change', () => {
    const entries: ScheduleEntry[] = [{ id: 'a', displayTime: 7 }, { id: 'b', displayTime: 11 }]
    const moment = T0 + 123_456
    expect(itemAt(entries, moment, ZONE, T0 - 5_000)).toEqual(nowPlaying(entries, moment, ZONE, T0 - 5_000))
    const midnight = Date.parse('2026-03-02T00:00:00-03:00')
    expect(itemAt(entries, moment, ZONE, 0)).toEqual(nowPlaying(entries, moment, ZONE, midnight))
  })

  it('turns the stage by contentOrientation, in quarters or degrees', () => {
    expect([0, 1, 2, 3, 90, 180, 270, 4, -1, undefined, null].map((v) => orientationDegrees(v as number))).toEqual([
      0, 90, 180, 270, 90, 180, 270, 0, 270, 0, 0,
    ])
  })
})

describe('Timeline', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function run(entries: ScheduleEntry[], startAt: number, changedAt: number | null = T0) {
    vi.setSystemTime(startAt)
    const shown: { at: number; item: PlaybackItem }[] = []
    const ahead: PlaybackItem[] = []
    const timeline = new Timeline({
      entries,
      timeZone: ZONE,
      changedAt,
      now: () => Date.now(),
      onItem: (item) => shown.push({ at: Date.now(), item }),
      onAhead: (item) => ahead.push(item),
    })
    timeline.start()
    return { timeline, shown, ahead, ids: () => shown.map((s) => s.item.entryId || 'idle') }
  }

  it('shows each item at its start, for its duration', async () => {
    const { shown, ids, ahead, timeline } = run([{ id: 'a', displayTime: 10 }, { id: 'b', displayTime: 5 }], T0 + 3_000)
    await vi.advanceTimersByTimeAsync(26_000)
    expect(ids()).toEqual(['a', 'b', 'a', 'b'])
    // The first item joins where the schedule is; the others start on time.
    expect(shown.map((s) => s.at - T0)).toEqual([3_000, 10_000, 15_000, 25_000])
    expect(ahead.map((item) => item.start - T0)).toEqual([10_000, 15_000, 25_000, 30_000])
    timeline.stop()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(shown).toHaveLength(4)
  })

  it('does not flash the last second of an item at start', async () => {
    const { shown, ids } = run([{ id: 'a', displayTime: 10 }, { id: 'b', displayTime: 5 }], T0 + 9_500)
    expect(ids()).toEqual(['b'])
    expect(shown[0].item.start).toBe(T0 + 10_000)
  })

  it('looks again every second while nothing is eligible', async () => {
    // 10:01 to 11:00 only, started at 10:00:00.
    const { ids, shown } = run([{ id: 'late', displayTime: 30, timeGap: ['10:01@11:00'] }], T0)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(ids().slice(0, 3)).toEqual(['idle', 'idle', 'idle'])
    expect(ids()).toHaveLength(61)
    expect(shown.at(-1)).toMatchObject({ at: T0 + 60_000, item: { entryId: 'late', start: T0 + 60_000 } })
  })

  it('keeps counting plays across items (limitByHour)', async () => {
    const { ids } = run([{ id: 'once', displayTime: 10, limitByHour: 1 }, { id: 'b', displayTime: 10 }], T0)
    await vi.advanceTimersByTimeAsync(50_000)
    expect(ids()).toEqual(['once', 'b', 'b', 'b', 'b', 'b'])
  })

  it('rejoins the timeline where it is when the clock jumps', async () => {
    const { shown } = run([{ id: 'a', displayTime: 10 }, { id: 'b', displayTime: 10 }], T0)
    // The box slept an hour: the timer meant for T0 + 10 s fires at T0 + 1 h 25 s.
    vi.setSystemTime(T0 + 3_615_000)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(shown.at(-1)).toMatchObject({ at: T0 + 3_625_000, item: { entryId: 'a', start: T0 + 3_620_000 } })
  })
})
