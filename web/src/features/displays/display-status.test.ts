// @vitest-environment node
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { countOffline, displayStatus, OFFLINE_AFTER_MS } from './display-status'

// The same cases internal/display runs (status_test.go): both sides must agree on each.
interface Case {
  name: string
  connected: boolean
  /** ISO instant; null = never acknowledged. */
  lastConnectionAck: string | null
  serverNow: string
  /** How far the console's clock runs ahead of the server's (serverDiff). */
  consoleAheadMs: number
  offline: boolean
}

const file = JSON.parse(fs.readFileSync(new URL('../../../../api/offline-cases.json', import.meta.url), 'utf8')) as {
  offlineAfterMs: number
  cases: Case[]
}

const instant = (iso: string) => {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) throw new Error(`not an ISO-8601 instant: ${iso}`)
  return ms
}

describe('api/offline-cases.json', () => {
  it('has the same six minutes and uniquely named cases', () => {
    expect(OFFLINE_AFTER_MS).toBe(file.offlineAfterMs)
    expect(file.cases.length).toBeGreaterThanOrEqual(10)
    expect(new Set(file.cases.map((c) => c.name)).size).toBe(file.cases.length)
  })

  it.each(file.cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const display = { connected: c.connected, lastConnectionAck: c.lastConnectionAck === null ? 0 : instant(c.lastConnectionAck) }
    const consoleNow = instant(c.serverNow) + c.consoleAheadMs
    expect(displayStatus(display, c.consoleAheadMs, consoleNow)).toBe(c.offline ? 'offline' : 'online')
  })
})

describe('countOffline', () => {
  const now = 1_750_000_000_000
  const minute = 60_000

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
