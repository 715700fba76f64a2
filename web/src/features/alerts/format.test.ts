import { describe, expect, it } from 'vitest'
import { formatRecipient, outageDuration, splitDelay } from './format'

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
