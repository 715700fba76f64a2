// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { AdMediaItem } from './api/types'
import { SLOT_UNLINK_REFUSED, withFormItems, withoutItems } from './media'
import { slotItem } from './test-utils'

const item = (id: string, extra: Partial<AdMediaItem> = {}): AdMediaItem => ({
  id,
  name: id.toUpperCase(),
  displayTime: 15,
  dok: 127,
  timeGap: [],
  enabled: true,
  volume: 0,
  type: 'image',
  url: `https://cdn.test/${id}.png`,
  thumbnailUrl: `https://cdn.test/${id}.jpg`,
  ...extra,
})
const rules = (id: string) => ({ id, name: id, displayTime: 15, dok: 127, enabled: true, stretch: false, timeGap: [], volume: 0 })

describe("the ad's media list after the add/edit media form", () => {
  const current = [item('a'), item('b'), item('c')]

  it('new media go to the end, in the order chosen', () => {
    expect(withFormItems(current, [rules('x'), rules('y')]).map((m) => m.id)).toEqual(['a', 'b', 'c', 'x', 'y'])
  })

  it('an edit replaces the item at its index, with several when several images were chosen', () => {
    expect(withFormItems(current, [rules('x')], 1).map((m) => m.id)).toEqual(['a', 'x', 'c'])
    expect(withFormItems(current, [rules('x'), rules('y')], 0).map((m) => m.id)).toEqual(['x', 'y', 'b', 'c'])
  })

  it("sends rules only: not what the library adds, nor a schedule entry's 'stretch'", () => {
    const [kept, added] = withFormItems([item('a')], [rules('x')])
    expect(kept).toEqual({ id: 'a', name: 'A', displayTime: 15, dok: 127, timeGap: [], enabled: true, volume: 0 })
    expect(added).not.toHaveProperty('stretch')
  })
})

describe('unlinking', () => {
  it('drops the items at the positions given', () => {
    expect(withoutItems([item('a'), item('b'), item('c')], [0, 2])).toEqual({ media: [expect.objectContaining({ id: 'b' })] })
  })

  it('refuses a slot item', () => {
    expect(withoutItems([item('a'), slotItem('s', 'S')], [1])).toEqual({ error: SLOT_UNLINK_REFUSED })
  })
})
