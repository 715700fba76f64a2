// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { fieldErrors } from '@/test/zod'
import { changePasswordSchema, updateNameSchema } from './schemas'

const PASSWORD_RULE =
  'A senha deve conter pelo menos 8 caracteres, uma letra maiúscula, uma letra minúscula, um número e um caractere especial.'

describe('change password form', () => {
  it('needs the current password', () => {
    expect(fieldErrors(changePasswordSchema, { currentAuth: '', auth: 'Abcdef1#', confirmAuth: 'Abcdef1#' })).toEqual({
      currentAuth: 'Campo obrigatório',
    })
  })

  it('applies the password rule to the new password', () => {
    expect(fieldErrors(changePasswordSchema, { currentAuth: 'velha', auth: 'fraca', confirmAuth: 'fraca' })).toEqual({
      auth: PASSWORD_RULE,
    })
  })

  it('reports a confirmation that differs on the confirmation field', () => {
    expect(fieldErrors(changePasswordSchema, { currentAuth: 'velha', auth: 'Abcdef1#', confirmAuth: 'Abcdef1' })).toEqual({
      confirmAuth: 'As senhas não conferem.',
    })
  })

  it('accepts a complete form', () => {
    expect(fieldErrors(changePasswordSchema, { currentAuth: 'velha', auth: 'Nova#Senha1', confirmAuth: 'Nova#Senha1' })).toEqual({})
  })
})

describe('change name form', () => {
  it.each([
    ['', { name: 'Campo obrigatório' }],
    ['   ', { name: 'Campo obrigatório' }],
    ['Ana', {}],
  ])('name "%s"', (name, expected) => {
    expect(fieldErrors(updateNameSchema, { name })).toEqual(expected)
  })
})

describe('change name form: the name rule', () => {
  it('takes 120 characters and refuses 121 with the server message', () => {
    expect(fieldErrors(updateNameSchema, { name: 'a'.repeat(120) })).toEqual({})
    expect(fieldErrors(updateNameSchema, { name: 'a'.repeat(121) })).toEqual({ name: 'O nome pode ter no máximo 120 caracteres.' })
  })
})
