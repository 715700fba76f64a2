// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { fieldErrors } from '@/test/zod'
import { loginSchema, newPasswordSchema, recoverPasswordSchema } from './schemas'

const PASSWORD_RULE =
  'A senha deve conter pelo menos 8 caracteres, uma letra maiúscula, uma letra minúscula, um número e um caractere especial.'

describe('login form', () => {
  it.each([
    ['an empty e-mail', { email: '', auth: 'x' }, { email: 'Digite um e-mail' }],
    ['a malformed e-mail', { email: 'fulano@', auth: 'x' }, { email: 'Digite um e-mail válido' }],
    ['an empty password', { email: 'ana@loja.com.br', auth: '' }, { auth: 'Digite sua senha' }],
    ['an empty form', { email: '', auth: '' }, { email: 'Digite um e-mail', auth: 'Digite sua senha' }],
    ['valid credentials', { email: 'ana@loja.com.br', auth: 'qualquer' }, {}],
  ])('%s', (_name, value, expected) => {
    expect(fieldErrors(loginSchema, value)).toEqual(expected)
  })

  it('trims the e-mail it sends', () => {
    expect(loginSchema.parse({ email: '  ana@loja.com.br ', auth: 'x' }).email).toBe('ana@loja.com.br')
  })
})

describe('password recovery form', () => {
  it.each([
    ['', { email: 'Digite um e-mail' }],
    ['sem-arroba', { email: 'Digite um e-mail válido' }],
    ['ana@loja.com.br', {}],
  ])('e-mail "%s"', (email, expected) => {
    expect(fieldErrors(recoverPasswordSchema, { email })).toEqual(expected)
  })
})

describe('new password form', () => {
  it.each([
    ['too short', 'Ab1#xyz'],
    ['no upper-case letter', 'abcdef1#'],
    ['no lower-case letter', 'ABCDEF1#'],
    ['no digit', 'Abcdefg#'],
    ['no special character', 'Abcdefg1'],
    ['a special character outside the list', 'Abcdefg1_'],
  ])('rejects a password with %s', (_name, password) => {
    expect(fieldErrors(newPasswordSchema, { auth: password, confirmAuth: password })).toEqual({ auth: PASSWORD_RULE })
  })

  it.each(['Abcdef1#', 'Senha@2024', 'xY9-xxxx', 'Q1w2e3r4!'])('accepts %s', (password) => {
    expect(fieldErrors(newPasswordSchema, { auth: password, confirmAuth: password })).toEqual({})
  })

  it('reports a confirmation that differs on the confirmation field', () => {
    expect(fieldErrors(newPasswordSchema, { auth: 'Abcdef1#', confirmAuth: 'Abcdef1$' })).toEqual({
      confirmAuth: 'As senhas não conferem.',
    })
  })
})
