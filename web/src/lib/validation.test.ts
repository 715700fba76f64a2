// @vitest-environment node
import { describe, expect, it } from 'vitest'
// The same cases the Go side (internal/names) runs: both must accept and refuse these names alike.
import file from '../../../api/name-length-cases.json'
import { isWholeNumberIn, NAME_MAX_LENGTH, nameField, nameTooLong, typedNumber, validationMessages, wholeNumberField } from './validation'

describe('name length (api/name-length-cases.json)', () => {
  it('has the limit and the cases', () => {
    expect(file.maxLength).toBe(NAME_MAX_LENGTH)
    expect(file.cases.length).toBeGreaterThanOrEqual(10)
  })

  describe.each(file.cases)('$name', ({ around, unit, times, expected }) => {
    const typed = around + unit.repeat(times) + around

    it(`is ${expected}`, () => {
      const result = nameField().safeParse(typed)
      if (expected === 'ok') {
        expect(result.success && result.data).toBe(typed.trim())
        expect(nameTooLong(typed.trim())).toBe(false)
      } else {
        expect(result.error?.issues[0].message).toBe(
          expected === 'tooLong' ? validationMessages.nameTooLong : validationMessages.required,
        )
      }
    })
  })

  it('gives the place its own message', () => {
    const result = nameField('O nome do anúncio pode ter no máximo 120 caracteres.').safeParse('a'.repeat(121))
    expect(result.error?.issues[0].message).toBe('O nome do anúncio pode ter no máximo 120 caracteres.')
  })
})

describe('numeric fields', () => {
  it.each([
    ['15', 15],
    [' 15 ', 15],
    ['1.5', 1.5],
    ['1,5', 1.5],
    ['-3', -3],
    ['+4', Number.NaN],
    ['1e2', Number.NaN],
    ['0x10', Number.NaN],
    ['abc', Number.NaN],
    ['', Number.NaN],
    ['1.', Number.NaN],
  ])('reads %j as typed: %s', (typed, expected) => {
    expect(typedNumber(typed)).toBe(expected)
  })

  it.each([
    ['1', true],
    ['60', true],
    ['0', false],
    ['61', false],
    ['1.5', false],
    ['-3', false],
    ['1e1', false],
    ['', false],
  ])('%j is a whole number from 1 to 60: %s', (typed, expected) => {
    expect(isWholeNumberIn(typed, 1, 60)).toBe(expected)
  })

  const field = wholeNumberField(1, 60, { range: 'Digite um número inteiro entre 1 e 60', invalid: 'Campo deve ser um número válido', required: 'Campo obrigatório' })
  it.each([
    ['', 'Campo obrigatório'],
    ['abc', 'Campo deve ser um número válido'],
    ['1e2', 'Campo deve ser um número válido'],
    ['1.5', 'Digite um número inteiro entre 1 e 60'],
    ['-3', 'Digite um número inteiro entre 1 e 60'],
    ['0', 'Digite um número inteiro entre 1 e 60'],
    ['61', 'Digite um número inteiro entre 1 e 60'],
  ])('refuses %j with %s', (typed, message) => {
    expect(field.safeParse(typed).error?.issues[0].message).toBe(message)
  })

  it('gives the number of a whole number in range', () => {
    expect(field.parse(' 42 ')).toBe(42)
  })
})
