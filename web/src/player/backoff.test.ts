// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { BACKOFF_CAP_MS, backoffDelay } from './backoff'

describe('backoffDelay', () => {
  it('doubles from 0.5–1 s up to 15–30 s, never beyond', () => {
    const low = () => 0
    const high = () => 0.999999
    const bounds = [0, 1, 2, 3, 4, 5, 6, 10, 50, 1e9].map((attempt) => [backoffDelay(attempt, low), backoffDelay(attempt, high)])
    expect(bounds).toEqual([
      [500, 1000],
      [1000, 2000],
      [2000, 4000],
      [4000, 8000],
      [8000, 16000],
      [15000, 30000],
      [15000, 30000],
      [15000, 30000],
      [15000, 30000],
      [15000, 30000],
    ])
  })

  it('spreads retries with jitter', () => {
    const seen = new Set<number>()
    for (let i = 0; i < 50; i++) {
      const delay = backoffDelay(3)
      expect(delay).toBeGreaterThanOrEqual(4000)
      expect(delay).toBeLessThanOrEqual(8000)
      seen.add(delay)
    }
    expect(seen.size).toBeGreaterThan(10)
    expect(backoffDelay(-3, () => 0.5)).toBe(750)
    expect(backoffDelay(99, () => 1)).toBe(BACKOFF_CAP_MS)
  })
})
