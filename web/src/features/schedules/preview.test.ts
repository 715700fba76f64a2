// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { nowPlaying, playbackAnchor, type ScheduleEntry } from '@/lib/playback'
import type { PlayerAds, PlayerLocal, PlayerSchedule } from '@/player/protocol'
import { fromWallInput, nextMoment, previewQueue, toWallInput, tvItemLabel, tvQueue } from './preview'

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
    // From 00:00 [dia skipped] sempre, sempre… until 06:00; at 10:00 the loop is wherever a TV would be.
    const { current, upcoming } = previewQueue([night, day, always], at('10:00'), TZ, null, 3)
    expect([current, ...upcoming].map((item) => item.entryId).sort()).toEqual(['dia', 'dia', 'sempre', 'sempre'])
    expect(upcoming[0].start).toBe(nextMoment(current))
  })

  it('plays a night-only entry when the clock is moved to the night', () => {
    const { current, upcoming } = previewQueue([day, night], at('23:00'), TZ)
    expect([current, ...upcoming].every((item) => item.entryId === 'noite' && item.duration === 8000)).toBe(true)
  })

  it('shows a slot for its whole length', () => {
    const { current } = previewQueue([slot, day], at('03:00'), TZ)
    expect(current).toMatchObject({ kind: 'slot', duration: 30_000 })
  })

  it('is idle for 1 s when nothing is eligible', () => {
    const { current, upcoming } = previewQueue([day, night], at('03:00'), TZ)
    expect(current).toMatchObject({ kind: 'idle', duration: 1000, start: at('03:00') })
    expect(upcoming).toEqual([])
    expect(nextMoment(current)).toBe(at('03:00') + 1000)
  })

  it('is idle without entries', () => {
    expect(previewQueue([], 0, TZ).current.kind).toBe('idle')
  })

  it('opened at a moment, is where a TV is: the item a TV shows then, with the hourly limit counted since the loop began', () => {
    const limited: ScheduleEntry = { id: 'limitada', name: 'Limitada', displayTime: 5, limitByHour: 2 }
    const schedule = [limited, always]
    const moment = at('10:30') + 1234
    const { current, upcoming } = previewQueue(schedule, moment, TZ)
    expect(current).toEqual(nowPlaying(schedule, moment, TZ, playbackAnchor(moment, TZ)))
    // 'Limitada' had its 2 plays right after 10:00: not again before 11:00.
    expect([current, ...upcoming].map((item) => item.entryId)).toEqual(Array(6).fill('sempre'))
    // Restarting at the moment instead (the old preview) would have played it.
    expect(previewQueue(schedule, moment, TZ, moment).current.entryId).toBe('limitada')
  })

  it('counts the loop from the schedule\'s last change, but not from a change after the moment', () => {
    const changed = at('10:29')
    expect(previewQueue([always, day], changed + 500, TZ, changed).current).toMatchObject({ entryId: 'sempre', start: changed })
    expect(previewQueue([always, day], at('10:00'), TZ, changed).current).toEqual(nowPlaying([always, day], at('10:00'), TZ))
  })
})

describe('tvQueue', () => {
  const image = (name: string) => ({ name, type: 'image' as const, url: `/files/${name}.png` })
  const schedule: PlayerSchedule = {
    id: 's',
    name: 'Loja',
    hash: 'h',
    entries: [
      { id: 'banner', name: 'Banner', displayTime: 10, dok: 127, enabled: true, stretch: false, timeGap: [], volume: 0 },
      { id: 'vaga', name: 'Slot', isAd: true, adSlots: 3, adTime: 5, adFallbackMediaId: 'reserva', displayTime: 15, dok: 127, enabled: true, stretch: false, timeGap: [], volume: 0 },
    ],
    media: { banner: image('Banner'), reserva: image('Reserva') },
    bottomBar: null,
    updatedAt: 0,
  }
  const ads: PlayerAds = {
    from: '20261123',
    to: '20261123',
    bookings: [{ slotId: 'vaga', day: '20261123', position: 2, advertisementId: 'ad1' }],
    ads: { ad1: { id: 'ad1', name: 'Promo', displayTime: 5, startAt: 0, endsAt: 0, media: [{ id: 'm1', name: 'Promo', url: '/files/promo.png', type: 'image', displayTime: 5, dok: 127, enabled: true, timeGap: [], volume: 0 }] } },
  }
  const screen = { schedule, ads, timeZone: TZ }

  it('plays the slot as its positions: the sold one with its advertisement, the others with the fallback', () => {
    // The loop from 00:00 lasts 25 s: at 10:00:10 (36,010 s in) the slot begins.
    const q = tvQueue(screen, at('10:00') + 10_000)
    expect(q.day).toBe('20261123')
    expect([q.current, ...q.upcoming].map((item) => tvItemLabel(item, q.plan, screen))).toEqual([
      'Reserva (vaga livre)',
      'Anúncio Promo',
      'Reserva (vaga livre)',
      'Banner',
      'Reserva (vaga livre)',
      'Anúncio Promo',
    ])
    expect(q.current).toMatchObject({ kind: 'slot', duration: 5000, position: 0, start: at('10:00') + 10_000 })
  })

  it('on a day nothing is sold, and without a fallback, skips the slot as the TV does', () => {
    const bare = { ...screen, schedule: { ...schedule, entries: [schedule.entries[0], { ...schedule.entries[1], adFallbackMediaId: '' }] } }
    const q = tvQueue(bare, at('10:00') + 10_000)
    expect([q.current, ...q.upcoming].map((item) => tvItemLabel(item, q.plan, bare))).toEqual([
      'Anúncio Promo',
      'Banner',
      'Anúncio Promo',
      'Banner',
      'Anúncio Promo',
      'Banner',
    ])
    const nextDay = tvQueue(bare, at('10:00') + 86_400_000)
    expect(nextDay.day).toBe('20261124')
    expect([nextDay.current, ...nextDay.upcoming].map((item) => tvItemLabel(item, nextDay.plan, bare))).toEqual(Array(6).fill('Banner'))
  })

  it('starts mid-slot at the position a TV is in', () => {
    const q = tvQueue(screen, at('10:00') + 16_000)
    expect(q.current).toMatchObject({ position: 1, start: at('10:00') + 15_000 })
    expect(tvItemLabel(q.current, q.plan, screen)).toBe('Anúncio Promo')
  })
})

describe('local spaces in the preview', () => {
  const space: ScheduleEntry = { id: 'espaco', name: 'Recados da loja', isLocal: true, displayTime: 6, localTime: 6, localFallbackMediaId: 'padrao' }
  const banner: ScheduleEntry = { id: 'banner', name: 'Banner', displayTime: 10 }

  it('without a store, plays a space as its fallback once, for localTime, and names its position in the schedule', () => {
    // The loop from 00:00 lasts 16 s: 10:00 is 36,000 s in, the banner begins.
    const { current, upcoming } = previewQueue([banner, space], at('10:00'), TZ, null, 2)
    expect(current).toMatchObject({ kind: 'media', entryIndex: 0 })
    expect(upcoming[0]).toMatchObject({ kind: 'local', entryId: 'espaco', entryIndex: 1, duration: 6000, start: at('10:00') + 10_000 })
  })

  it('without a store, skips a space without fallback; the others keep their positions', () => {
    const bare = { ...space, localFallbackMediaId: '' }
    const { current, upcoming } = previewQueue([bare, banner], at('10:00'), TZ, null, 2)
    expect([current, ...upcoming].map((item) => [item.entryId, item.entryIndex])).toEqual([
      ['banner', 1],
      ['banner', 1],
      ['banner', 1],
    ])
  })

  it("as a TV, plays its store's items of the day in order, localTime each, and the fallback where it has none", () => {
    const schedule = {
      id: 's',
      name: 'Loja',
      hash: 'h',
      updatedAt: 0,
      bottomBar: null,
      entries: [banner, space],
      media: {
        banner: { name: 'Banner', type: 'image', url: '/b.jpg' },
        padrao: { name: 'Padrão', type: 'image', url: '/p.jpg' },
      },
    } as unknown as PlayerSchedule
    const local = {
      spaces: { espaco: [{ id: 'i1', mediaId: 'lm1' }, { id: 'i2', mediaId: 'lm2' }] },
      media: { lm1: { name: 'Feriado', type: 'image', url: '/l1.jpg' }, lm2: { name: 'Vagas', type: 'video', url: '/l2.mp4' } },
    } as PlayerLocal
    const screen = { schedule, ads: null, local, timeZone: TZ }
    // The loop lasts 22 s: 10:00 is 36,000 s in, 36,000 = 1,636 × 22 + 8: 2 s later the space begins.
    const q = tvQueue(screen, at('10:00') + 2_000, 3)
    expect([q.current, ...q.upcoming].map((item) => tvItemLabel(item, q.plan, screen))).toEqual([
      'Feriado (espaço local)',
      'Vagas (espaço local)',
      'Banner',
      'Feriado (espaço local)',
    ])
    expect(q.current).toMatchObject({ kind: 'local', duration: 6000, position: 0, start: at('10:00') + 2_000 })
    expect(q.upcoming[0]).toMatchObject({ kind: 'local', duration: 6000, position: 1, start: at('10:00') + 8_000 })
    const none = { ...screen, local: null }
    const bare = tvQueue(none, at('10:00'), 1)
    expect([bare.current, ...bare.upcoming].map((item) => tvItemLabel(item, bare.plan, none))).toContain('Padrão (espaço local, mídia padrão)')
  })
})
