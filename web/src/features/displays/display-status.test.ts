import { describe, expect, it } from 'vitest'
import { countOffline, displayStatus, OFFLINE_AFTER_MS } from './display-status'

const now = 1_750_000_000_000
const minute = 60_000

describe('displayStatus', () => {
  it('is offline when the player is not connected, however recent the ack', () => {
    expect(displayStatus({ connected: false, lastConnectionAck: now }, 0, now)).toBe('offline')
  })

  it('is offline when a connected player never acknowledged', () => {
    expect(displayStatus({ connected: true, lastConnectionAck: 0 }, 0, now)).toBe('offline')
  })

  it('is online with an ack of a minute ago', () => {
    expect(displayStatus({ connected: true, lastConnectionAck: now - minute }, 0, now)).toBe('online')
  })

  it('is still online at exactly six minutes', () => {
    expect(displayStatus({ connected: true, lastConnectionAck: now - OFFLINE_AFTER_MS }, 0, now)).toBe('online')
  })

  it('is offline just past six minutes', () => {
    expect(displayStatus({ connected: true, lastConnectionAck: now - OFFLINE_AFTER_MS - 1 }, 0, now)).toBe('offline')
  })

  it('corrects a local clock that runs ahead of the server', () => {
    // Local clock 10 minutes ahead: serverDiff = +10 min; the ack 2 server-minutes ago is fresh.
    const serverNow = now - 10 * minute
    expect(displayStatus({ connected: true, lastConnectionAck: serverNow - 2 * minute }, 10 * minute, now)).toBe('online')
    // Without the correction it would look 12 minutes old.
    expect(displayStatus({ connected: true, lastConnectionAck: serverNow - 2 * minute }, 0, now)).toBe('offline')
  })

  it('corrects a local clock that runs behind the server', () => {
    const serverNow = now + 10 * minute
    expect(displayStatus({ connected: true, lastConnectionAck: serverNow - 7 * minute }, -10 * minute, now)).toBe('offline')
    expect(displayStatus({ connected: true, lastConnectionAck: serverNow - 5 * minute }, -10 * minute, now)).toBe('online')
  })
})

describe('countOffline', () => {
  it('counts the TVs the rule calls offline', () => {
    const list = [
      { connected: true, lastConnectionAck: now - minute },
      { connected: false, lastConnectionAck: now - minute },
      { connected: true, lastConnectionAck: now - 7 * minute },
      { connected: true, lastConnectionAck: 0 },
    ]
    expect(countOffline(list, 0, now)).toBe(3)
    expect(countOffline([], 0, now)).toBe(0)
  })
})
