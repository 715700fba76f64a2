// @vitest-environment node
import { describe, expect, it } from 'vitest'
// The same cases the Go side (internal/names) runs: both must give these orders.
import cases from '../../../api/name-order-cases.json'
import { compareCodePoints, compareNames, sortByName, sortKey } from './name-order'

describe('name order (api/name-order-cases.json)', () => {
  it('has the cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15)
  })

  describe.each(cases)('$name', ({ input, expected }) => {
    it('sorts with compareNames', () => {
      expect([...input].sort(compareNames)).toEqual(expected)
    })

    it('gives the same order whatever order the names came in', () => {
      expect([...input].reverse().sort(compareNames)).toEqual(expected)
      expect([...expected].reverse().sort(compareNames)).toEqual(expected)
    })

    it('sorts with sortByName', () => {
      expect(sortByName(input.map((name) => ({ name }))).map(({ name }) => name)).toEqual(expected)
    })
  })
})

describe('sortKey', () => {
  it('is the same for names that differ only by case, accents, spaces or leading zeros', () => {
    expect(sortKey('  AÇÃO  Nº 007 ')).toBe(sortKey('acao nº 7'))
  })

  it('differs for different names', () => {
    expect(sortKey('TV 2')).not.toBe(sortKey('TV 20'))
  })
})

describe('compareCodePoints', () => {
  it('orders by code point, as UTF-8 bytes do, not by UTF-16 unit', () => {
    // U+1F600 is above U+FF41, though its first UTF-16 unit (0xD83D) is below 0xFF41.
    expect(compareCodePoints('😀', 'ａ')).toBe(1)
    expect(compareCodePoints('ａ', '😀')).toBe(-1)
    expect(compareCodePoints('a', 'ab')).toBe(-1)
    expect(compareCodePoints('😀', '😀')).toBe(0)
  })
})
