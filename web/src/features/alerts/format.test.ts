// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { earlierDropsSince, formatRecipient, offlineTime, outageDuration, splitDelay } from './format'

describe('alert formats', () => {
  it('writes outages like the messages do', () => {
    const min = 60_000
    expect(outageDuration(20_000)).toBe('1 min')
    expect(outageDuration(45 * min)).toBe('45 min')
    expect(outageDuration(135 * min)).toBe('2 h 15 min')
    expect(outageDuration(180 * min)).toBe('3 h')
    expect(outageDuration(50 * 60 * min)).toBe('2 d 2 h')
    expect(outageDuration(48 * 60 * min + 10 * min)).toBe('2 d')
  })
  it('counts only the time the TV was dark in "Há", never its returns between drops', () => {
    const min = 60_000
    const at = Date.UTC(2026, 10, 25, 17, 45)
    // Dark since 14:40 after a 27 s drop at 14:34: 27 s + 5 min, not the 11 min since 14:34.
    const flapping = { since: at - 5 * min, outageSince: at - 11 * min, earlierOfflineMs: 27_000 }
    expect(offlineTime(flapping, at)).toBe(5 * min + 27_000)
    expect(outageDuration(offlineTime(flapping, at) ?? 0)).toBe('5 min')
    expect(earlierDropsSince(flapping)).toBe(at - 11 * min)
    const oneDrop = { since: at - 2 * min, outageSince: at - 2 * min, earlierOfflineMs: 0 }
    expect(offlineTime(oneDrop, at)).toBe(2 * min)
    expect(earlierDropsSince(oneDrop)).toBeNull()
    // A console clock behind the server's never shows a negative time.
    expect(offlineTime(oneDrop, at - 5 * min)).toBe(0)
    const neverConnected = { since: 0, outageSince: 0, earlierOfflineMs: 0 }
    expect(offlineTime(neverConnected, at)).toBeNull()
    expect(earlierDropsSince(neverConnected)).toBeNull()
  })
  it('splits a delay into its largest whole unit', () => {
    expect(splitDelay(2880)).toEqual({ amount: 2, unit: 'days' })
    expect(splitDelay(120)).toEqual({ amount: 2, unit: 'hours' })
    expect(splitDelay(90)).toEqual({ amount: 90, unit: 'minutes' })
  })
  it('masks phones and leaves e-mails', () => {
    expect(formatRecipient('5581987654321')).toBe('(81) 98765-4321')
    expect(formatRecipient('558133334444')).toBe('(81) 3333-4444')
    expect(formatRecipient('ana@example.com')).toBe('ana@example.com')
  })
})
