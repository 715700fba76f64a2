// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { SessionUser } from '@/lib/session'
import { mayApproveContent } from './permissions'

const user = (roles: SessionUser['roles']) => ({ id: 'u1', roles }) as SessionUser
const member = { stores: [], manageTeam: false }

describe("'Aprovações'", () => {
  it("is for 'Rede' members holding 'Aprovar conteúdo'", () => {
    expect(mayApproveContent(user({ rede: { ...member, role: 'network', approveContent: true } }), 'rede')).toBe(true)
    expect(mayApproveContent(user({ rede: { ...member, role: 'network', approveContent: false } }), 'rede')).toBe(false)
  })

  it('is never for a franchisee or a store manager, nor in another group', () => {
    expect(mayApproveContent(user({ rede: { ...member, role: 'franchisee', approveContent: true } }), 'rede')).toBe(false)
    expect(mayApproveContent(user({ rede: { ...member, role: 'store', approveContent: true } }), 'rede')).toBe(false)
    expect(mayApproveContent(user({ rede: { ...member, role: 'network', approveContent: true } }), 'outra')).toBe(false)
    expect(mayApproveContent(undefined, 'rede')).toBe(false)
  })
})
