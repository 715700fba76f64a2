// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AdTurns, localOnDay, planDay, positionAt, screenDatesOn } from './ads'
import { itemAt, mediaUrls, shownFor, Timeline } from './playlist'
import type { PlayerLocal } from './protocol'
import { entry, schedule } from './testing'

// Local spaces ('Espaço local'): a store's approved items of the day, in its
// order, localTime each; the space's fallback when it has none; the space
// skipped with neither (api/playback-cases.json has the shared cases).

const ZONE = 'America/Sao_Paulo'
const T0 = Date.parse('2026-03-02T10:00:00-03:00') // a Monday
const DAY = '20260302'

const withSpace = schedule({
  entries: [
    entry({ id: 'm-img', displayTime: 10 }),
    entry({ id: 'space', name: 'Recados da loja', isLocal: true, displayTime: 8, localTime: 8, localFallbackMediaId: 'm-vid', volume: 0 }),
  ],
})

const local: PlayerLocal = {
  spaces: {
    space: [
      { id: 'li-b', mediaId: 'lm-b' },
      { id: 'li-a', mediaId: 'lm-a' },
      { id: 'li-old', mediaId: 'lm-a', endDate: Date.parse('2026-03-01T23:59:59.999-03:00') },
      { id: 'li-soon', mediaId: 'lm-a', startDate: Date.parse('2026-03-03T00:00:00-03:00') },
      { id: 'li-gone', mediaId: 'lm-gone' },
    ],
  },
  media: {
    'lm-a': { name: 'Horário de feriado', type: 'image', url: '/files/loja-demo/local/feriado.jpg' },
    'lm-b': { name: 'Vagas abertas', type: 'video', url: '/files/loja-demo/local/vagas.mp4' },
  },
}

describe('a local space on a day', () => {
  const plan = planDay(withSpace, null, DAY, localOnDay(local, DAY, ZONE))
  const context = { positions: plan.positions, ads: null, turns: new AdTurns(), timeZone: ZONE, local: plan.local, localMedia: local.media }
  const at = (moment: number, p = plan, schedule = withSpace) => {
    const item = positionAt(itemAt(p.entries, moment, ZONE, T0), p.entries, moment)
    return shownFor(item, p.entries, schedule, { ...context, local: p.local })
  }

  it("plays the store's items of the day in its order, localTime each", () => {
    expect(plan.local).toEqual([[], [local.spaces.space[0], local.spaces.space[1]]])
    expect(plan.entries[1]).toMatchObject({ id: 'space', displayTime: 16, localTime: 8 })
    expect(at(T0 + 11_000)).toMatchObject({ item: { kind: 'local', start: T0 + 10_000, duration: 8_000, position: 0 }, media: { name: 'Vagas abertas', type: 'video' }, local: { itemId: 'li-b' } })
    expect(at(T0 + 19_000)).toMatchObject({ item: { start: T0 + 18_000, position: 1 }, media: { name: 'Horário de feriado' }, local: { itemId: 'li-a', mediaId: 'lm-a' } })
    expect(at(T0 + 19_000).ad).toBeUndefined()
    expect(at(T0 + 26_000)).toMatchObject({ item: { entryId: 'm-img' } })
  })

  it('keeps the items whose dates include the day, on the next day the one starting then', () => {
    expect(localOnDay(local, '20260303', ZONE).space.map((item) => item.id)).toEqual(['li-b', 'li-a', 'li-soon'])
    expect(localOnDay(local, '20260301', ZONE).space.map((item) => item.id)).toEqual(['li-b', 'li-a', 'li-old'])
    // Dates written in São Paulo are days on a Rio Branco clock too.
    const dated = screenDatesOn(withSpace, null, ZONE, 'America/Rio_Branco', local).local
    expect(localOnDay(dated, '20260303', 'America/Rio_Branco').space.map((item) => item.id)).toEqual(['li-b', 'li-a', 'li-soon'])
  })

  it('plays the fallback once with nothing approved, and skips the space without one', () => {
    const bare = planDay(withSpace, null, DAY, {})
    expect(bare.local).toEqual([[], [null]])
    expect(at(T0 + 11_000, bare)).toMatchObject({ item: { kind: 'local', duration: 8_000, position: 0 }, media: { name: 'Vídeo' } })
    expect(at(T0 + 11_000, bare).local).toBeUndefined()
    const noFallback = schedule({ entries: [withSpace.entries[0], { ...withSpace.entries[1], localFallbackMediaId: undefined }] })
    expect(planDay(noFallback, null, DAY, {}).entries.map((e) => e.id)).toEqual(['m-img'])
    expect(planDay(noFallback, null, DAY).entries.map((e) => e.id)).toEqual(['m-img'])
  })

  it("caches the store's local files with the others", () => {
    expect(mediaUrls(withSpace, null, [], local)).toEqual([
      '/files/loja-demo/promo.jpg',
      'https://cdn.example.com/loja-demo/video.mp4',
      '/files/loja-demo/local/vagas.mp4',
      '/files/loja-demo/local/feriado.jpg',
    ])
  })
})

describe('a timeline through a local space', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('steps item by item', async () => {
    const plan = planDay(withSpace, null, DAY, localOnDay(local, DAY, ZONE))
    vi.setSystemTime(T0)
    const shown: [number, string, number | undefined][] = []
    const timeline = new Timeline({ entries: plan.entries, timeZone: ZONE, changedAt: T0, now: () => Date.now(), onItem: (item) => shown.push([item.start - T0, item.entryId, item.position]) })
    timeline.start()
    await vi.advanceTimersByTimeAsync(27_000)
    timeline.stop()
    expect(shown).toEqual([
      [0, 'm-img', undefined],
      [10_000, 'space', 0],
      [18_000, 'space', 1],
      [26_000, 'm-img', undefined],
    ])
  })
})
