// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { fieldErrors } from '@/test/zod'
import { inviteSchema, memberSchema, newAccountSchema, permissionLabels, teamMessages, toMemberInput } from './schemas'

describe('member form', () => {
  it('takes the network without stores', () => {
    expect(fieldErrors(memberSchema, { role: 'network', stores: [], manageTeam: true, approveContent: false })).toEqual({})
  })

  it('needs a store for a franchisee, and takes several', () => {
    expect(fieldErrors(memberSchema, { role: 'franchisee', stores: [], manageTeam: false, approveContent: false })).toEqual({ stores: teamMessages.franchiseeStores })
    expect(fieldErrors(memberSchema, { role: 'franchisee', stores: ['a', 'b'], manageTeam: false, approveContent: false })).toEqual({})
  })

  it('needs exactly one store for a store manager', () => {
    expect(fieldErrors(memberSchema, { role: 'store', stores: [], manageTeam: false, approveContent: false })).toEqual({ stores: teamMessages.storeManagerStore })
    expect(fieldErrors(memberSchema, { role: 'store', stores: ['a', 'b'], manageTeam: false, approveContent: false })).toEqual({ stores: teamMessages.storeManagerStore })
    expect(fieldErrors(memberSchema, { role: 'store', stores: ['a'], manageTeam: false, approveContent: false })).toEqual({})
  })
})

describe('invite form', () => {
  it('needs a valid e-mail', () => {
    expect(fieldErrors(inviteSchema, { email: '', role: 'network', stores: [], manageTeam: false, approveContent: false })).toEqual({ email: 'Digite um e-mail' })
    expect(fieldErrors(inviteSchema, { email: 'ana@', role: 'network', stores: [], manageTeam: false, approveContent: false })).toEqual({ email: 'Digite um e-mail válido' })
  })
})

describe('toMemberInput', () => {
  it('drops the stores of the network and the team permission of the others', () => {
    expect(toMemberInput({ role: 'network', stores: ['a'], manageTeam: true, approveContent: false })).toEqual({ role: 'network', stores: [], manageTeam: true, approveContent: false })
    expect(toMemberInput({ role: 'franchisee', stores: ['a'], manageTeam: true, approveContent: false })).toEqual({ role: 'franchisee', stores: ['a'], manageTeam: false, approveContent: false })
  })

  it("keeps 'Aprovar conteúdo' for the network only", () => {
    expect(toMemberInput({ role: 'network', stores: [], manageTeam: false, approveContent: true })).toEqual({ role: 'network', stores: [], manageTeam: false, approveContent: true })
    expect(toMemberInput({ role: 'franchisee', stores: ['a'], manageTeam: false, approveContent: true })).toEqual({ role: 'franchisee', stores: ['a'], manageTeam: false, approveContent: false })
    expect(toMemberInput({ role: 'store', stores: ['a'], manageTeam: false, approveContent: true })).toEqual({ role: 'store', stores: ['a'], manageTeam: false, approveContent: false })
  })
})

describe('permissionLabels', () => {
  it("names 'Gerencia a equipe' and 'Aprova conteúdo' of the network, and nothing of the other roles", () => {
    expect(permissionLabels({ role: 'network', manageTeam: true, approveContent: true })).toEqual(['Gerencia a equipe', 'Aprova conteúdo'])
    expect(permissionLabels({ role: 'network', manageTeam: false, approveContent: true })).toEqual(['Aprova conteúdo'])
    expect(permissionLabels({ role: 'network', manageTeam: false, approveContent: false })).toEqual([])
    expect(permissionLabels({ role: 'franchisee', manageTeam: true, approveContent: true })).toEqual([])
  })
})

describe('new account on an invitation', () => {
  it('needs a name and a strong password typed twice', () => {
    expect(fieldErrors(newAccountSchema, { name: ' ', auth: 'Senha@123', confirmAuth: 'Senha@123' })).toEqual({ name: 'Campo obrigatório' })
    expect(fieldErrors(newAccountSchema, { name: 'Ana', auth: 'fraca', confirmAuth: 'fraca' }).auth).toMatch(/pelo menos 8 caracteres/)
    expect(fieldErrors(newAccountSchema, { name: 'Ana', auth: 'Senha@123', confirmAuth: 'Senha@124' })).toEqual({ confirmAuth: 'As senhas não conferem.' })
    expect(fieldErrors(newAccountSchema, { name: 'Ana', auth: 'Senha@123', confirmAuth: 'Senha@123' })).toEqual({})
  })
})
