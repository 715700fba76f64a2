// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { PlayerOverride } from '@/player/override'
import { upcomingWithOverrides, type ScheduleAt } from './override-timeline'

const S = 1000
/** A schedule that plays item n from n*10 s to (n+1)*10 s, listing the next five. */
const loop: ScheduleAt = (at) => {
  const n = Math.floor(at / (10 * S))
  const item = (k: number) => ({ key: `i${k}`, start: k * 10 * S, label: `Item ${k}`, duration: 10 * S })
  return { current: item(n), upcoming: [1, 2, 3, 4, 5].map((k) => item(n + k)) }
}
const message = (id: string, start: number, end: number): PlayerOverride => ({ id, title: `Aviso ${id}`, text: '', background: '#000', color: '#fff', media: null, start, end })
const lines = (overrides: PlayerOverride[], at: number, count = 5) =>
  upcomingWithOverrides(overrides, at, loop, count).map((l) => [l.label, l.start / S, l.duration === null ? null : l.duration / S])

describe("'A seguir' with emergency messages", () => {
  it('without messages lists the schedule as it is', () => {
    expect(lines([], 12 * S)).toEqual([
      ['Item 2', 20, 10],
      ['Item 3', 30, 10],
      ['Item 4', 40, 10],
      ['Item 5', 50, 10],
      ['Item 6', 60, 10],
    ])
  })

  it('during a timed message lists what plays from its end: the item on screen then, for what is left of it, and the next ones', () => {
    expect(lines([message('a', 0, 95 * S)], 12 * S, 3)).toEqual([
      ['Item 9', 95, 5],
      ['Item 10', 100, 10],
      ['Item 11', 110, 10],
    ])
  })

  it('during a message with no end lists nothing: it stays until cleared', () => {
    expect(lines([message('a', 0, 0)], 12 * S)).toEqual([])
  })

  it('a message to come cuts the item it starts in, shows until its end, and the schedule follows', () => {
    expect(lines([message('b', 35 * S, 62 * S)], 12 * S)).toEqual([
      ['Item 2', 20, 10],
      ['Item 3', 30, 5],
      ['Mensagem de emergência: Aviso b', 35, 27],
      ['Item 6', 62, 8],
      ['Item 7', 70, 10],
    ])
  })

  it('a message to come with no end is the last line', () => {
    expect(lines([message('c', 30 * S, 0)], 12 * S)).toEqual([
      ['Item 2', 20, 10],
      ['Mensagem de emergência: Aviso c', 30, null],
    ])
  })

  it('a newer message over the one in force shows from its start; the older one comes back until its own end', () => {
    expect(lines([message('a', 0, 80 * S), message('b', 30 * S, 50 * S)], 12 * S, 3)).toEqual([
      ['Mensagem de emergência: Aviso b', 30, 20],
      ['Mensagem de emergência: Aviso a', 50, 30],
      ['Item 8', 80, 10],
    ])
  })

  it('a message that ended before the moment changes nothing', () => {
    expect(lines([message('a', 0, 5 * S)], 12 * S, 2)).toEqual([
      ['Item 2', 20, 10],
      ['Item 3', 30, 10],
    ])
  })

  it('the schedule is asked again past its listed items when the next message is far', () => {
    expect(lines([message('d', 200 * S, 210 * S)], 12 * S, 8).map((l) => l[0])).toEqual(['Item 2', 'Item 3', 'Item 4', 'Item 5', 'Item 6', 'Item 7', 'Item 8', 'Item 9'])
  })
})
