// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { typedNumber } from '@/lib/validation'
import { alertSettingsSchema, DELAY_MESSAGE, NO_CHANNEL_MESSAGE, toAlertSettingsInput } from './schemas'

describe('alert settings form', () => {
  const ok = { enabled: true, amount: 48, unit: 'hours' as const, channels: ['sms' as const] }
  it('turns the form into minutes', () => {
    expect(toAlertSettingsInput(alertSettingsSchema.parse(ok))).toEqual({ enabled: true, delayMinutes: 2880, channels: ['sms'] })
  })
  it('keeps the delay between 5 minutes and 7 days', () => {
    for (const bad of [{ amount: 4, unit: 'minutes' }, { amount: 8, unit: 'days' }, { amount: 169, unit: 'hours' }]) {
      const r = alertSettingsSchema.safeParse({ ...ok, ...bad })
      expect(r.success).toBe(false)
      expect(r.error?.issues[0].message).toBe(DELAY_MESSAGE)
    }
    expect(alertSettingsSchema.safeParse({ ...ok, amount: 7, unit: 'days' }).success).toBe(true)
  })
  it.each(['1.5', '-3', '1e2', 'abc', '', '0', '8'])('refuses %j days as typed, never another number', (typed) => {
    const r = alertSettingsSchema.safeParse({ ...ok, unit: 'days', amount: typedNumber(typed) })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0].message).toBe(DELAY_MESSAGE)
  })
  it('wants a channel when alerts are on', () => {
    const r = alertSettingsSchema.safeParse({ ...ok, channels: [] })
    expect(r.error?.issues[0].message).toBe(NO_CHANNEL_MESSAGE)
    expect(alertSettingsSchema.safeParse({ ...ok, enabled: false, channels: [] }).success).toBe(true)
  })
})
