// @vitest-environment node
import fs from 'node:fs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { entryDuration, isAdSlot, type ScheduleEntry } from '@/lib/playback'
import { AdTurns, dayKey, localOnDay, planDay, positionAt, screenDatesOn } from './ads'
import { itemAt, mediaUrls, shownFor, Timeline } from './playlist'
import type { PlayerAds, PlayerLocal, PlayerSchedule } from './protocol'
import { adMedia, entry, schedule } from './testing'

const ZONE = 'America/Sao_Paulo'
const T0 = Date.parse('2026-03-02T10:00:00-03:00') // a Monday
const DAY = '20260302'
/** The advertisements' period: the week the tests look at. */
const WEEK = { startAt: Date.parse('2026-03-02T00:00:00-03:00'), endsAt: Date.parse('2026-03-09T23:59:59.999-03:00') }

const withSlot = schedule({
  entries: [
    entry({ id: 'm-img', displayTime: 10 }),
    entry({ id: 'slot-1', isAd: true, adSlots: 3, adTime: 15, adFallbackMediaId: 'm-vid' }),
    entry({ id: 'slot-2', isAd: true, adSlots: 2, adTime: 10 }),
  ],
})

const ads: PlayerAds = {
  from: DAY,
  to: '20260309',
  bookings: [
    { slotId: 'slot-1', day: DAY, position: 2, advertisementId: 'ad-a' },
    { slotId: 'slot-2', day: DAY, position: 2, advertisementId: 'ad-b' },
    { slotId: 'slot-2', day: '20260303', position: 1, advertisementId: 'ad-a' },
    { slotId: 'slot-1', day: DAY, position: 3, advertisementId: 'ad-gone' },
  ],
  ads: {
    'ad-a': {
      id: 'ad-a',
      name: 'Natal',
      displayTime: 15,
      ...WEEK,
      media: [
        adMedia({ id: 'a1', name: 'Natal 1', type: 'image', url: '/files/loja-demo/media/natal1.jpg' }),
        adMedia({ id: 'a2', name: 'Natal 2', type: 'video', url: '/files/loja-demo/media/natal2.mp4', volume: 0.4 }),
        adMedia({ id: 'a3', name: 'Só à noite', type: 'image', url: '/files/loja-demo/media/noite.jpg', timeGap: ['20:00@23:00'] }),
      ],
    },
    'ad-b': { id: 'ad-b', name: 'Páscoa', displayTime: 10, startAt: WEEK.startAt, endsAt: WEEK.endsAt, media: [adMedia({ id: 'b1', name: 'Ovo', type: 'image', url: '/files/loja-demo/media/ovo.jpg' })] },
    'ad-gone': { id: 'ad-gone', name: 'Sem mídia', displayTime: 10, startAt: WEEK.startAt, endsAt: WEEK.endsAt, media: [adMedia({ id: 'x', name: 'Apagada' })] },
  },
}

describe("a day's plan", () => {
  it('keeps the positions sold that day and, with a fallback, the others', () => {
    const plan = planDay(withSlot, ads, DAY)
    expect(plan.entries.map((e) => [e.id, e.adSlots ?? null])).toEqual([
      ['m-img', null],
      ['slot-1', 3],
      ['slot-2', 1],
    ])
    // Position 3 was sold to an advertisement with nothing to show: the fallback plays.
    expect(plan.positions).toEqual([[], [null, 'ad-a', null], ['ad-b']])
  })

  it('another day has other bookings; a slot with neither booking nor fallback is left out', () => {
    expect(planDay(withSlot, ads, '20260303').positions).toEqual([[], [null, null, null], ['ad-a']])
    expect(planDay(withSlot, ads, '20260304').entries.map((e) => e.id)).toEqual(['m-img', 'slot-1'])
    expect(planDay(withSlot, null, DAY).entries.map((e) => e.id)).toEqual(['m-img', 'slot-1'])
    expect(planDay(null, ads, DAY)).toEqual({ entries: [], positions: [], local: [] })
  })

  it("keys days by the franchise's wall clock", () => {
    expect(dayKey(Date.parse('2026-03-03T02:30:00Z'), ZONE)).toBe('20260302')
    expect(dayKey(Date.parse('2026-03-03T03:30:00Z'), ZONE)).toBe('20260303')
  })
})

describe('positions', () => {
  const plan = planDay(withSlot, ads, DAY)

  it('cuts a slot into its positions, adTime each', () => {
    const slot = itemAt(plan.entries, T0 + 10_000, ZONE, T0)
    expect(slot).toMatchObject({ kind: 'slot', start: T0 + 10_000, duration: 45_000 })
    expect(positionAt(slot, plan.entries, T0 + 26_000)).toMatchObject({ start: T0 + 25_000, duration: 15_000, position: 1 })
    expect(positionAt(slot, plan.entries, T0 + 54_999)).toMatchObject({ start: T0 + 40_000, position: 2 })
    const media = itemAt(plan.entries, T0 + 1_000, ZONE, T0)
    expect(positionAt(media, plan.entries, T0 + 1_000)).toBe(media)
  })

  it('shows the advertisement sold in a position, its media in turn, and the fallback elsewhere', () => {
    const turns = new AdTurns()
    const context = { positions: plan.positions, ads, turns, timeZone: ZONE }
    const at = (moment: number) => {
      const item = positionAt(itemAt(plan.entries, moment, ZONE, T0), plan.entries, moment)
      return shownFor(item, plan.entries, withSlot, context)
    }
    expect(at(T0 + 11_000)).toMatchObject({ media: { name: 'Vídeo' }, volume: 0 })
    expect(at(T0 + 11_000).ad).toBeUndefined()
    const first = at(T0 + 26_000)
    expect(first).toMatchObject({ media: { name: 'Natal 1', type: 'image' }, ad: { advertisementId: 'ad-a', mediaId: 'a1' } })
    // The look-ahead and the switch agree on the same position.
    expect(at(T0 + 30_000).ad).toEqual(first.ad)
    // The next loop (65 s long) plays the ad's next media; the night-only one is skipped in the morning.
    expect(at(T0 + 65_000 + 26_000)).toMatchObject({ media: { name: 'Natal 2', type: 'video' }, volume: 0.4, ad: { mediaId: 'a2' } })
    expect(at(T0 + 130_000 + 26_000).ad?.mediaId).toBe('a1')
    expect(at(T0 + 55_000)).toMatchObject({ media: { name: 'Ovo' }, ad: { advertisementId: 'ad-b' } })
  })

  it("prefetches the advertisements' files after the schedule's", () => {
    expect(mediaUrls(withSlot, ads)).toEqual([
      '/files/loja-demo/promo.jpg',
      'https://cdn.example.com/loja-demo/video.mp4',
      '/files/loja-demo/media/natal1.jpg',
      '/files/loja-demo/media/natal2.mp4',
      '/files/loja-demo/media/noite.jpg',
      '/files/loja-demo/media/ovo.jpg',
    ])
  })
})

describe('a timeline through a slot', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('steps position by position', async () => {
    const plan = planDay(withSlot, ads, DAY)
    vi.setSystemTime(T0)
    const shown: [number, string, number | undefined][] = []
    const timeline = new Timeline({
      entries: plan.entries,
      timeZone: ZONE,
      changedAt: T0,
      now: () => Date.now(),
      onItem: (item) => shown.push([item.start - T0, item.entryId, item.position]),
    })
    timeline.start()
    await vi.advanceTimersByTimeAsync(66_000)
    timeline.stop()
    expect(shown).toEqual([
      [0, 'm-img', undefined],
      [10_000, 'slot-1', 0],
      [25_000, 'slot-1', 1],
      [40_000, 'slot-1', 2],
      [55_000, 'slot-2', 0],
      [65_000, 'm-img', undefined],
    ])
  })
})

// The day-plan cases of api/playback-cases.json, which internal/playback's PlanDay runs too.
interface DayPlanCase {
  name: string
  timeZone: string
  moment: string
  schedule: ScheduleEntry[]
  /** The media ids the library holds. */
  library?: string[]
  ads?: Pick<PlayerAds, 'bookings' | 'ads'>
  datesTimeZone?: string
  /** The store's approved items in the local spaces, as the player receives them. */
  local?: PlayerLocal
  dayPlan?: { entries: string[]; adSlots: (number | null)[]; positions: (string | null)[][]; local?: (string | null)[][]; durations?: number[] }
}

const shared = (
  JSON.parse(fs.readFileSync(new URL('../../../api/playback-cases.json', import.meta.url), 'utf8')) as { cases: DayPlanCase[] }
).cases.filter((c) => c.dayPlan)

describe('api/playback-cases.json day plans', () => {
  it('has the shared day-plan cases', () => {
    expect(shared.length).toBeGreaterThanOrEqual(5)
  })

  it.each(shared)('$name', (c) => {
    const day = dayKey(Date.parse(c.moment), c.timeZone)
    const media = Object.fromEntries((c.library ?? []).map((id) => [id, { name: id, type: 'image', url: `/files/${id}` }]))
    const written = { id: 's', name: 's', hash: '', entries: c.schedule, media, bottomBar: null, updatedAt: 0 } as unknown as PlayerSchedule
    const dated = c.datesTimeZone ? screenDatesOn(written, null, c.datesTimeZone, c.timeZone, c.local) : { schedule: written, local: c.local }
    const plan = planDay(dated.schedule, { from: day, to: day, ...c.ads } as PlayerAds, day, localOnDay(dated.local, day, c.timeZone))
    const { local, durations, ...want } = c.dayPlan!
    expect({
      entries: plan.entries.map((entry) => entry.id),
      adSlots: plan.entries.map((entry) => (isAdSlot(entry) && Number(entry.adSlots) > 0 && Number(entry.adTime) > 0 ? Number(entry.adSlots) : null)),
      positions: plan.positions,
    }).toEqual(want)
    if (local) expect(plan.local.map((plays) => plays.map((item) => item?.id ?? null))).toEqual(local)
    if (durations) expect(plan.entries.map(entryDuration)).toEqual(durations)
  })
})

describe('screenDatesOn', () => {
  it('plays an entry and an advertisement media from 03/03 to 05/03, written in São Paulo, over those days on a Rio Branco clock', () => {
    const start = Date.parse('2026-03-03T00:00:00-03:00')
    const end = Date.parse('2026-03-05T23:59:59.999-03:00')
    const written = { entries: [{ id: 'e', startDate: start, endDate: end }, { id: 'free' }] } as unknown as PlayerSchedule
    const ads = { from: '20260303', to: '20260303', bookings: [], ads: { a: { id: 'a', name: 'A', media: [{ id: 'm', startDate: start, endDate: end }] } } } as unknown as PlayerAds
    const dated = screenDatesOn(written, ads, 'America/Sao_Paulo', 'America/Rio_Branco')
    expect(dated.schedule?.entries[0]).toMatchObject({ startDate: Date.parse('2026-03-03T00:00:00-05:00'), endDate: Date.parse('2026-03-05T23:59:59.999-05:00') })
    expect(dated.schedule?.entries[1]).toEqual({ id: 'free' })
    expect(dated.ads?.ads.a.media[0]).toMatchObject({ startDate: Date.parse('2026-03-03T00:00:00-05:00'), endDate: Date.parse('2026-03-05T23:59:59.999-05:00') })
    // In the zone they were written in, nothing moves.
    expect(screenDatesOn(written, ads, 'America/Sao_Paulo', 'America/Sao_Paulo').schedule?.entries[0]).toMatchObject({ startDate: start, endDate: end })
  })
})
