// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { orientationAngle, orientationLabel, rotate } from './orientation'

describe('rotate', () => {
  it('steps clockwise through the four angles and wraps to the first', () => {
    expect([rotate(0, 1), rotate(1, 1), rotate(2, 1), rotate(3, 1)]).toEqual([1, 2, 3, 0])
  })

  it('steps counter-clockwise and wraps to the last', () => {
    expect([rotate(0, -1), rotate(3, -1), rotate(2, -1), rotate(1, -1)]).toEqual([3, 2, 1, 0])
  })
})

describe('orientationAngle', () => {
  it.each([
    [0, 0],
    [1, 90],
    [2, 180],
    [3, 270],
    [4, 0],
    [-1, 270],
  ])('index %i is %i°', (index, angle) => {
    expect(orientationAngle(index)).toBe(angle)
  })
})

describe('orientationLabel', () => {
  it.each([
    [0, 'Horizontal'],
    [1, 'Vertical'],
    [2, 'Horizontal'],
    [3, 'Vertical'],
  ])('index %i is %s', (index, label) => {
    expect(orientationLabel(index)).toBe(label)
  })
})
