// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { SessionUser } from '@/lib/session'
import { mayManageTeam } from './permissions'

function user(roles: SessionUser['roles'], permission: SessionUser['permission'] = {}): SessionUser {
  return { roles, permission } as SessionUser
}

describe('mayManageTeam', () => {
  it("is for the network members holding 'Gerenciar equipe' of that group", () => {
    const u = user({ rede: { role: 'network', stores: [], manageTeam: true, approveContent: false }, outra: { role: 'network', stores: [], manageTeam: false, approveContent: false } })
    expect(mayManageTeam(u, 'rede')).toBe(true)
    expect(mayManageTeam(u, 'outra')).toBe(false)
    expect(mayManageTeam(u, 'nenhuma')).toBe(false)
  })

  it('is never for a franchisee or a store manager', () => {
    expect(mayManageTeam(user({ rede: { role: 'franchisee', stores: ['a'], manageTeam: true, approveContent: false } }), 'rede')).toBe(false)
    expect(mayManageTeam(user({ rede: { role: 'store', stores: ['a'], manageTeam: false, approveContent: false } }), 'rede')).toBe(false)
  })

  it('is for platform administrators in any group', () => {
    expect(mayManageTeam(user({}, { userA: 1 }), 'rede')).toBe(true)
    expect(mayManageTeam(undefined, 'rede')).toBe(false)
  })
})
