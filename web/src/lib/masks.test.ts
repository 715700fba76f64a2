// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { digitsOf, isValidPhone, maskCnpj, maskPhone, PHONE_MASK_MAX_LENGTH } from './masks'

describe('maskPhone', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['113456', '(11) 3456'],
    ['1134567', '(11) 3456-7'],
    ['1134567890', '(11) 3456-7890'],
    ['11987654321', '(11) 98765-4321'],
    ['119876543210000', '(11) 98765-4321'],
    ['(11) 3456-78901', '(11) 34567-8901'],
    ['abc11x9876', '(11) 9876'],
  ])('%s -> %s', (input, expected) => {
    expect(maskPhone(input)).toBe(expected)
  })

  it.each([
    ['+55 (81) 98765-4321', '(81) 98765-4321'],
    ['+55 81 3456-7890', '(81) 3456-7890'],
    ['+5581987654321', '(81) 98765-4321'],
    ['55 81 98765-4321', '(81) 98765-4321'],
    ['081 98765-4321', '(81) 98765-4321'],
    ['(55) 99876-5432', '(55) 99876-5432'],
    ['+55 55 99876-5432', '(55) 99876-5432'],
  ])('pasted %s -> %s (country code dropped before the limit)', (input, expected) => {
    expect(maskPhone(input)).toBe(expected)
  })

  it('typed digit by digit after a country code, ends as the local number', () => {
    let text = ''
    for (const key of '5581987654321') text = maskPhone(text + key)
    expect(text).toBe('(81) 98765-4321')
  })

  it('never passes 15 characters', () => {
    expect(maskPhone('9'.repeat(40))).toHaveLength(PHONE_MASK_MAX_LENGTH)
  })

  it('can be applied again to its own output', () => {
    expect(maskPhone(maskPhone('11987654321'))).toBe('(11) 98765-4321')
  })
})

describe('isValidPhone', () => {
  it.each([
    ['(11) 3456-7890', true],
    ['(11) 98765-4321', true],
    ['1134567890', true],
    ['113456789', false],
    ['119876543210', false],
    ['', false],
  ])('%s -> %s', (input, expected) => {
    expect(isValidPhone(input)).toBe(expected)
  })
})

describe('maskCnpj', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['11', '11'],
    ['112', '11.2'],
    ['11222', '11.222'],
    ['112223', '11.222.3'],
    ['11222333', '11.222.333'],
    ['112223330', '11.222.333/0'],
    ['112223330001', '11.222.333/0001'],
    ['1122233300018', '11.222.333/0001-8'],
    ['11222333000181', '11.222.333/0001-81'],
    ['1122233300018199', '11.222.333/0001-81'],
    ['11.222.333/0001-81', '11.222.333/0001-81'],
  ])('%s -> %s', (input, expected) => {
    expect(maskCnpj(input)).toBe(expected)
  })
})

describe('digitsOf', () => {
  it('keeps only the digits', () => {
    expect(digitsOf('(11) 98765-4321')).toBe('11987654321')
    expect(digitsOf('11.222.333/0001-81')).toBe('11222333000181')
  })
})
