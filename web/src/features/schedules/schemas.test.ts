import { describe, expect, it } from 'vitest'
import { adSlotSchema, scheduleNameSchema } from './schemas'

describe('scheduleNameSchema', () => {
  it.each([
    ['', 'Campo obrigatório'],
    ['   ', 'Campo obrigatório'],
  ])('refuses %j with %s', (name, message) => {
    const result = scheduleNameSchema.safeParse({ name })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].message).toBe(message)
  })

  it('trims the name', () => {
    expect(scheduleNameSchema.parse({ name: '  Vitrine Manhã ' })).toEqual({ name: 'Vitrine Manhã' })
  })
})

describe('adSlotSchema', () => {
  it.each([
    [{ quantity: '', duration: '10' }, 'quantity', 'Campo deve ser um número válido'],
    [{ quantity: 'dois', duration: '10' }, 'quantity', 'Campo deve ser um número válido'],
    [{ quantity: '2', duration: '0' }, 'duration', 'Duração deve ser maior do que 0'],
    [{ quantity: '0', duration: '10' }, 'quantity', 'Duração deve ser maior do que 0'],
  ])('refuses %j on %s', (input, field, message) => {
    const result = adSlotSchema.safeParse(input)
    expect(result.success).toBe(false)
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message)
  })

  it('reads numbers', () => {
    expect(adSlotSchema.parse({ quantity: '3', duration: '7,5' })).toEqual({ quantity: 3, duration: 7.5 })
  })
})
