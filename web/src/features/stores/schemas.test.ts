// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { fieldErrors } from '@/test/zod'
import {
  contactSchema,
  contactsWithDraft,
  phoneTaken,
  repeatedPhone,
  messageSchema,
  storeSchema,
  toStoreBody,
} from './schemas'

const contact = { name: 'Ana', role: 'Gerente', phone: '(11) 98765-4321', receiveNotify: true }

describe('store form', () => {
  it('requires name, region, state and city', () => {
    expect(fieldErrors(storeSchema, { name: '', region: ' ', state: '', city: '', timeZone: 'America/Sao_Paulo', contacts: [] })).toEqual({
      name: 'Campo obrigatório',
      region: 'Campo obrigatório',
      state: 'Campo obrigatório',
      city: 'Campo obrigatório',
    })
  })

  it('accepts a store without contacts', () => {
    expect(fieldErrors(storeSchema, { name: 'Loja 1', region: 'Sul', state: 'RS', city: 'Porto Alegre', timeZone: 'America/Sao_Paulo', contacts: [] })).toEqual({})
  })

  it.each([
    ['', {}],
    ['(11) 3456-7890', {}],
    ['(11) 98765-4321', {}],
    ['(11) 3456', { phone: 'Telefone inválido' }],
  ])('takes an optional store phone: %s', (phone, expected) => {
    expect(fieldErrors(storeSchema, { name: 'Loja 1', region: 'Sul', state: 'RS', city: 'Porto Alegre', timeZone: 'America/Sao_Paulo', phone, contacts: [] })).toEqual(expected)
  })

  it('checks every contact', () => {
    const value = { name: 'Loja 1', region: 'Sul', state: 'RS', city: 'Porto Alegre', timeZone: 'America/Sao_Paulo', contacts: [contact, { ...contact, phone: '123' }] }
    expect(fieldErrors(storeSchema, value)).toEqual({ 'contacts.1.phone': 'Telefone inválido' })
  })

  it('takes any zone the tz database knows and refuses others with the server message', () => {
    const store = { name: 'Loja 1', region: 'Norte', state: 'AC', city: 'Rio Branco', contacts: [] }
    expect(fieldErrors(storeSchema, { ...store, timeZone: 'America/Rio_Branco' })).toEqual({})
    expect(fieldErrors(storeSchema, { ...store, timeZone: 'Europe/Lisbon' })).toEqual({})
    expect(fieldErrors(storeSchema, { ...store, timeZone: 'America/Atlantida' })).toEqual({
      timeZone: 'Fuso horário inválido: escolha um fuso da lista, como America/Sao_Paulo.',
    })
  })
})

describe('contact form', () => {
  it('requires name and role, ignoring spaces', () => {
    expect(fieldErrors(contactSchema, { ...contact, name: '  ', role: '' })).toEqual({
      name: 'Campo obrigatório',
      role: 'Campo obrigatório',
    })
  })

  it.each([
    ['(11) 3456-7890', {}],
    ['(11) 98765-4321', {}],
    ['11987654321', {}],
    ['(11) 3456-789', { phone: 'Telefone inválido' }],
    ['', { phone: 'Telefone inválido' }],
    ['119876543210', { phone: 'Telefone inválido' }],
  ])('phone %s', (phone, expected) => {
    expect(fieldErrors(contactSchema, { ...contact, phone })).toEqual(expected)
  })

  it('receives notifications unless told otherwise', () => {
    expect(contactSchema.parse({ name: 'Ana', role: 'Gerente', phone: '1134567890' }).receiveNotify).toBe(true)
    expect(contactSchema.parse({ ...contact, receiveNotify: false }).receiveNotify).toBe(false)
  })

  it('trims name and role', () => {
    expect(contactSchema.parse({ ...contact, name: ' Ana ', role: ' Gerente ' })).toMatchObject({ name: 'Ana', role: 'Gerente' })
  })
})

describe('contactsWithDraft', () => {
  const saved = [contact]

  it('adds a valid draft', () => {
    const draft = { name: 'Bia', role: 'Caixa', phone: '(11) 3456-7890', receiveNotify: false }
    expect(contactsWithDraft(saved, draft)).toEqual([contact, draft])
  })

  it('leaves out an invalid draft (the form refuses to save with it)', () => {
    expect(contactsWithDraft(saved, { name: 'Bia', role: '', phone: '11', receiveNotify: true })).toEqual(saved)
  })

  it('leaves out an empty draft', () => {
    expect(contactsWithDraft(saved, { name: '', role: '', phone: '', receiveNotify: true })).toEqual(saved)
    expect(contactsWithDraft(saved, null)).toEqual(saved)
  })
})

describe('repeated phones', () => {
  const list = [
    { name: 'Ana', phone: '(11) 98765-4321' },
    { name: 'Caio', phone: '(11) 3456-7890' },
  ]

  it('names the first phone two contacts share, masked or not', () => {
    expect(repeatedPhone([...list, { name: 'Bia', phone: '+55 11 98765-4321' }])).toBe('(11) 98765-4321')
    expect(repeatedPhone(list)).toBeNull()
  })

  it('tells whether a phone is taken by another contact than the one being edited', () => {
    expect(phoneTaken(list, '11987654321')).toBe(true)
    expect(phoneTaken(list, '(11) 98765-4321', 0)).toBe(false)
    expect(phoneTaken(list, '(21) 98765-4321')).toBe(false)
  })
})

describe('toStoreBody', () => {
  const values = {
    name: ' Loja 1 ',
    region: 'Sul',
    state: 'RS',
    city: 'Porto Alegre',
    phone: '(51) 3333-4444',
    timeZone: ' America/Rio_Branco ',
    contacts: [contact, { ...contact, name: 'Bia', phone: '11987654321' }],
  }

  it('sends bare phone digits and trimmed fields', () => {
    expect(toStoreBody(values)).toEqual({
      name: 'Loja 1',
      region: 'Sul',
      state: 'RS',
      city: 'Porto Alegre',
      phone: '5133334444',
      timeZone: 'America/Rio_Branco',
      contacts: [
        { name: 'Ana', role: 'Gerente', phone: '11987654321', receiveNotify: true },
        { name: 'Bia', role: 'Gerente', phone: '11987654321', receiveNotify: true },
      ],
    })
  })

  it('sends an empty store phone as empty', () => {
    expect(toStoreBody({ ...values, phone: '' }).phone).toBe('')
  })
})

describe('message form', () => {
  it('requires a message and at least one store', () => {
    expect(fieldErrors(messageSchema, { message: ' ', storeSlugList: [] })).toEqual({
      message: 'Mensagem é obrigatória',
      storeSlugList: 'Seleciona pelo menos um estabelecimento',
    })
  })

  it('accepts a message to one store', () => {
    expect(fieldErrors(messageSchema, { message: 'Bom dia', storeSlugList: ['loja-1'] })).toEqual({})
  })
})

describe('store form: the name rule', () => {
  const store = { region: 'Sul', state: 'RS', city: 'Porto Alegre', timeZone: 'America/Sao_Paulo', contacts: [] }
  it('refuses a store name of 121 characters with the server message', () => {
    expect(fieldErrors(storeSchema, { ...store, name: 'a'.repeat(121) })).toEqual({ name: 'O nome pode ter no máximo 120 caracteres.' })
    expect(fieldErrors(storeSchema, { ...store, name: 'a'.repeat(120) })).toEqual({})
  })
  it('bounds a contact name and role alike, with the contact message', () => {
    const message = 'Nome e cargo do contato podem ter no máximo 120 caracteres.'
    expect(fieldErrors(contactSchema, { ...contact, name: 'a'.repeat(121) })).toEqual({ name: message })
    expect(fieldErrors(contactSchema, { ...contact, role: 'a'.repeat(121) })).toEqual({ role: message })
    expect(fieldErrors(contactSchema, { ...contact, name: 'a'.repeat(120), role: 'a'.repeat(120) })).toEqual({})
  })
})
