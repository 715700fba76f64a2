import { describe, expect, it } from 'vitest'
// The same cases the Go side (internal/names) runs: both must accept and refuse these names alike.
import file from '../../../api/name-length-cases.json'
import { NAME_MAX_LENGTH, nameField, nameTooLong, validationMessages } from './validation'

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
