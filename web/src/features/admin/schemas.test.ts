// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { fieldErrors } from '@/test/zod'
import { franchiseChoices } from './components/franchise-dialog'
import { editUserNameSchema, newUserSchema, userFranchiseSchema } from './schemas'

const PASSWORD_RULE =
  'A senha deve conter pelo menos 8 caracteres, uma letra maiúscula, uma letra minúscula, um número e um caractere especial.'

describe('new user form', () => {
  it('requires every field', () => {
    expect(fieldErrors(newUserSchema, { name: '', email: '', auth: '' })).toEqual({
      name: 'Campo obrigatório',
      email: 'Campo obrigatório',
      auth: 'Campo obrigatório',
    })
  })

  it('needs a valid e-mail', () => {
    expect(fieldErrors(newUserSchema, { name: 'Ana', email: 'ana', auth: 'Abcdef1#' })).toEqual({
      email: 'Digite um e-mail válido',
    })
  })

  it('applies the password rule', () => {
    expect(fieldErrors(newUserSchema, { name: 'Ana', email: 'ana@loja.com.br', auth: 'abcdefgh' })).toEqual({
      auth: PASSWORD_RULE,
    })
  })

  it('accepts a complete form', () => {
    expect(fieldErrors(newUserSchema, { name: 'Ana', email: 'ana@loja.com.br', auth: 'Abcdef1#' })).toEqual({})
  })
})

describe('edit user dialog', () => {
  it.each([
    ['', { name: 'Campo obrigatório' }],
    ['Bruno', {}],
  ])('name "%s"', (name, expected) => {
    expect(fieldErrors(editUserNameSchema, { name })).toEqual(expected)
  })
})

describe('add/remove franchise dialog', () => {
  it.each([
    [{ action: 'MOVE', franchiseSlug: 'norte' }, { action: 'Ação inválida' }],
    [{ action: undefined, franchiseSlug: 'norte' }, { action: 'Ação inválida' }],
    [{ action: 'ADD', franchiseSlug: '' }, { franchiseSlug: 'Campo obrigatório' }],
    [{ action: 'ADD', franchiseSlug: 'norte' }, {}],
    [{ action: 'DEL', franchiseSlug: 'norte' }, {}],
  ])('%o', (value, expected) => {
    expect(fieldErrors(userFranchiseSchema, value)).toEqual(expected)
  })

  const all = [
    { slug: 'sul', name: 'Rede Sul', createdAt: 1, updatedAt: 1, stores: 0, displays: 0 },
    { slug: 'agua', name: 'Água Viva', createdAt: 2, updatedAt: 2, stores: 0, displays: 0 },
    { slug: 'norte', name: 'rede Norte', createdAt: 3, updatedAt: 3, stores: 0, displays: 0 },
    { slug: 'b', name: 'Bela Vista', createdAt: 4, updatedAt: 4, stores: 0, displays: 0 },
  ]
  const user = { franchise: { norte: 'rede Norte', agua: 'Água Viva' } }

  it('offers the franchises the user lacks when adding, sorted in pt-BR', () => {
    expect(franchiseChoices('ADD', user, all).map((f) => f.name)).toEqual(['Bela Vista', 'Rede Sul'])
  })

  it('offers the franchises the user has when removing, sorted in pt-BR', () => {
    expect(franchiseChoices('DEL', user, all).map((f) => f.name)).toEqual(['Água Viva', 'rede Norte'])
  })
})

describe('user forms: the name rule', () => {
  it('refuses a name of 121 characters with the server message', () => {
    expect(fieldErrors(newUserSchema, { name: 'a'.repeat(121), email: 'ana@example.com', auth: 'Abcdef1#' })).toEqual({ name: 'O nome pode ter no máximo 120 caracteres.' })
    expect(fieldErrors(editUserNameSchema, { name: 'a'.repeat(121) })).toEqual({ name: 'O nome pode ter no máximo 120 caracteres.' })
    expect(fieldErrors(editUserNameSchema, { name: 'a'.repeat(120) })).toEqual({})
  })
})
