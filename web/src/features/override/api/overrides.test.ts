// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { OVERRIDES_REFRESH_MS, OVERRIDES_STREAM_REFRESH_MS, overridesRefreshIn, type Override } from './overrides'

const now = Date.UTC(2026, 10, 26, 15, 0, 0)

function override(state: Override['state'], startsAt: number, endsAt: number): Override {
  return {
    id: `o-${state}-${startsAt}`,
    target: 'all',
    targetNames: [],
    title: 'Atenção',
    text: '',
    background: '#B91C1C',
    color: '#FFFFFF',
    media: null,
    startsAt,
    endsAt,
    state,
    startedBy: 'Ana',
    clearedAt: 0,
    clearedBy: '',
    reach: 2,
    acked: 0,
    createdAt: startsAt,
  }
}

describe('overridesRefreshIn', () => {
  it('polls while the stream is down', () => {
    expect(overridesRefreshIn([override('active', now - 1_000, 0)], now, false)).toBe(OVERRIDES_REFRESH_MS)
  })

  it('reads again at the next start or end while the stream is up', () => {
    const list = [
      override('active', now - 60_000, 0), // until cleared: no end to wait for
      override('active', now - 60_000, now + 20_000),
      override('scheduled', now + 10_000, now + 30_000),
      override('ended', now - 90_000, now - 30_000),
    ]
    expect(overridesRefreshIn(list, now, true)).toBe(10_300)
    expect(overridesRefreshIn([list[0], list[3]], now, true)).toBe(OVERRIDES_STREAM_REFRESH_MS)
    expect(overridesRefreshIn(undefined, now, true)).toBe(OVERRIDES_STREAM_REFRESH_MS)
    expect(overridesRefreshIn([override('scheduled', now + 3 * 60 * 60_000, 0)], now, true)).toBe(OVERRIDES_STREAM_REFRESH_MS)
  })

  it("asks again a second later while the server has yet to start one the tab's clock says began (clocks apart)", () => {
    expect(overridesRefreshIn([override('scheduled', now - 500, 0)], now, true)).toBe(1_000)
  })
})
