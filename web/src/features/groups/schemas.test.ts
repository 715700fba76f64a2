// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { fieldErrors } from '@/test/zod'
import { groupSchema, toGroupBody } from './schemas'

describe('group form', () => {
  it('requires the name', () => {
    expect(fieldErrors(groupSchema, { name: ' ', document: '', localWithoutApproval: false })).toEqual({ name: 'Campo obrigatório' })
  })

  it('takes no CNPJ at all', () => {
    expect(fieldErrors(groupSchema, { name: 'Rede Norte', document: '', localWithoutApproval: false })).toEqual({})
  })

  it('takes a complete CNPJ, masked or not', () => {
    expect(fieldErrors(groupSchema, { name: 'Rede Norte', document: '11.222.333/0001-81', localWithoutApproval: false })).toEqual({})
    expect(fieldErrors(groupSchema, { name: 'Rede Norte', document: '11222333000181', localWithoutApproval: false })).toEqual({})
  })

  it('refuses an incomplete CNPJ', () => {
    expect(fieldErrors(groupSchema, { name: 'Rede Norte', document: '11.222.333/0001', localWithoutApproval: false })).toEqual({ document: 'Documento inválido.' })
  })
})

describe('toGroupBody', () => {
  it('sends the bare CNPJ digits and the trimmed name', () => {
    expect(toGroupBody({ name: ' Rede Norte ', document: '11.222.333/0001-81', localWithoutApproval: false })).toEqual({
      name: 'Rede Norte',
      document: '11222333000181',
      localWithoutApproval: false,
    })
  })

  it('sends an empty document to remove it', () => {
    expect(toGroupBody({ name: 'Rede Norte', document: '', localWithoutApproval: false })).toEqual({ name: 'Rede Norte', document: '', localWithoutApproval: false })
  })
})

describe("'Publicar conteúdo local sem aprovação'", () => {
  it('is sent as the form says', () => {
    expect(toGroupBody({ name: 'Rede Norte', document: '', localWithoutApproval: true })).toEqual({ name: 'Rede Norte', document: '', localWithoutApproval: true })
  })

  it('is required to be a yes or no', () => {
    expect(fieldErrors(groupSchema, { name: 'Rede Norte', document: '' })).toHaveProperty('localWithoutApproval')
  })
})

describe('group form: the name rule', () => {
  it('refuses a name of 121 characters with the server message', () => {
    expect(fieldErrors(groupSchema, { name: 'a'.repeat(121), document: '', localWithoutApproval: false })).toEqual({ name: 'O nome pode ter no máximo 120 caracteres.' })
    expect(fieldErrors(groupSchema, { name: 'a'.repeat(120), document: '', localWithoutApproval: false })).toEqual({})
  })
})
