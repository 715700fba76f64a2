// @vitest-environment node
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
    [{ quantity: '2', duration: '0' }, 'duration', 'A duração de cada anúncio da vaga deve ser um número inteiro de 1 a 3600 segundos.'],
    [{ quantity: '2', duration: '7,5' }, 'duration', 'A duração de cada anúncio da vaga deve ser um número inteiro de 1 a 3600 segundos.'],
    [{ quantity: '2', duration: '3601' }, 'duration', 'A duração de cada anúncio da vaga deve ser um número inteiro de 1 a 3600 segundos.'],
    [{ quantity: '0', duration: '10' }, 'quantity', 'A quantidade de anúncios da vaga deve ser um número inteiro de 1 a 100.'],
    [{ quantity: '1.5', duration: '10' }, 'quantity', 'A quantidade de anúncios da vaga deve ser um número inteiro de 1 a 100.'],
    [{ quantity: '101', duration: '10' }, 'quantity', 'A quantidade de anúncios da vaga deve ser um número inteiro de 1 a 100.'],
    [{ quantity: '-3', duration: '10' }, 'quantity', 'A quantidade de anúncios da vaga deve ser um número inteiro de 1 a 100.'],
    [{ quantity: '1e2', duration: '10' }, 'quantity', 'Campo deve ser um número válido'],
    [{ quantity: '2', duration: '1.5' }, 'duration', 'A duração de cada anúncio da vaga deve ser um número inteiro de 1 a 3600 segundos.'],
    [{ quantity: '2', duration: '-3' }, 'duration', 'A duração de cada anúncio da vaga deve ser um número inteiro de 1 a 3600 segundos.'],
    [{ quantity: '2', duration: 'abc' }, 'duration', 'Campo deve ser um número válido'],
  ])('refuses %j on %s', (input, field, message) => {
    const result = adSlotSchema.safeParse({ adFallbackMediaId: '', ...input })
    expect(result.success).toBe(false)
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message)
  })

  it('reads whole numbers and the fallback', () => {
    expect(adSlotSchema.parse({ quantity: '3', duration: '15', adFallbackMediaId: 'm1' })).toEqual({ quantity: 3, duration: 15, adFallbackMediaId: 'm1' })
  })
})

describe('scheduleNameSchema: the name rule', () => {
  it('refuses a name of 121 characters with the server message', () => {
    expect(scheduleNameSchema.safeParse({ name: 'a'.repeat(120) }).success).toBe(true)
    expect(scheduleNameSchema.safeParse({ name: 'a'.repeat(121) }).error?.issues[0].message).toBe('O nome pode ter no máximo 120 caracteres.')
  })
})
