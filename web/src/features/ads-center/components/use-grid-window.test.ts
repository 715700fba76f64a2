// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { visibleRange } from './use-grid-window'

describe('grid windowing', () => {
  it.each([
    ['the top of the list', 0, 400, 40, 200, 0, { first: 0, last: 9 }],
    ['with a margin on each side', 400, 400, 40, 200, 3, { first: 7, last: 22 }],
    ['a part of a row in view counts', 20, 400, 40, 200, 0, { first: 0, last: 10 }],
    ['the end of the list', 7600, 400, 40, 200, 3, { first: 187, last: 199 }],
    ['fewer items than fit', 0, 400, 40, 5, 3, { first: 0, last: 4 }],
    ['no items', 0, 400, 40, 0, 3, { first: 0, last: -1 }],
  ])('%s', (_case, scroll, viewport, size, count, overscan, expected) => {
    expect(visibleRange(scroll, viewport, size, count, overscan)).toEqual(expected)
  })
})
