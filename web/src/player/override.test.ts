// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { inForce, nextOverrideChange, overrideAt, overrideUrls, type PlayerOverride } from './override'

const T0 = Date.parse('2026-03-02T10:00:00-03:00')

function o(id: string, start: number, end: number, url?: string): PlayerOverride {
  return { id, title: id, text: '', background: '#B91C1C', color: '#FFFFFF', media: url ? { id: 'm', type: 'image', url } : null, start, end }
}

describe('an emergency override on the player clock', () => {
  it('is in force from its start until its end, or until taken away when it has none', () => {
    const timed = o('a', T0, T0 + 60_000)
    expect(inForce(timed, T0 - 1)).toBe(false)
    expect(inForce(timed, T0)).toBe(true)
    expect(inForce(timed, T0 + 59_999)).toBe(true)
    expect(inForce(timed, T0 + 60_000)).toBe(false)
    expect(inForce(o('b', T0, 0), T0 + 365 * 86_400_000)).toBe(true)
  })

  it('shows the newest start among those in force, and none before or after', () => {
    const list = [o('old', T0, 0), o('new', T0 + 10_000, T0 + 20_000), o('later', T0 + 3_600_000, 0)]
    expect(overrideAt(list, T0 - 1)).toBeNull()
    expect(overrideAt(list, T0)?.id).toBe('old')
    expect(overrideAt(list, T0 + 10_000)?.id).toBe('new')
    expect(overrideAt(list, T0 + 20_000)?.id).toBe('old') // the newer one ended: the older one shows again
    expect(overrideAt(list, T0 + 3_600_000)?.id).toBe('later')
    expect(overrideAt([], T0)).toBeNull()
    expect(overrideAt(undefined, T0)).toBeNull()
  })

  it('tells when to look again: the next start or end', () => {
    const list = [o('a', T0 + 5_000, T0 + 15_000), o('b', T0 + 10_000, 0)]
    expect(nextOverrideChange(list, T0)).toBe(T0 + 5_000)
    expect(nextOverrideChange(list, T0 + 5_000)).toBe(T0 + 10_000)
    expect(nextOverrideChange(list, T0 + 10_000)).toBe(T0 + 15_000)
    expect(nextOverrideChange(list, T0 + 15_000)).toBeNull()
  })

  it('keeps its image or video cached, once', () => {
    expect(overrideUrls([o('a', T0, 0, '/f/a.jpg'), o('b', T0, 0, '/f/a.jpg'), o('c', T0, 0)])).toEqual(['/f/a.jpg'])
  })
})
