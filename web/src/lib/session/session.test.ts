import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { storageKeys } from '@/lib/storage'
import { restoreSession } from './get-user'
import { actsForAdmin, hasImpersonationToken, impersonationInProgress } from './impersonation'
import { restoresSession } from './session-provider'

const admin = { dispA: 1, userA: 1 }
const impersonator = { email: 'admin@vitrine.test', name: 'Admin' }

function detail(permission: Record<string, number>, extra: { impersonator?: typeof impersonator } = {}) {
  return new Response(
    JSON.stringify({
      user: { id: '1', email: 'a@b.c', name: 'A', franchise: {}, permission, viewAdsCenter: 1, verified: true, createdAt: 0, updatedAt: 0, ...extra },
      serverTime: Date.now() - 5000,
    }),
    { status: 200 },
  )
}

describe('session restore', () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    localStorage.clear()
    localStorage.setItem(storageKeys.token, 'tok')
    localStorage.setItem(storageKeys.franchise, 'norte')
  })
  afterEach(() => {
    fetchMock.mockReset()
    vi.unstubAllGlobals()
  })

  it.each([
    ['/', '', true],
    ['/dashboard', '?tab=1', true],
    ['/reset/password', '', false],
    ['/reset/password/new', '?code=abc', false],
    ['/', '?code=abc', false],
  ])('%s%s restores the session: %s', (path, search, expected) => {
    expect(restoresSession(path, search)).toBe(expected)
  })

  it('keeps the token as admin token for a user who may send box commands or impersonate', async () => {
    fetchMock.mockResolvedValue(detail({ userA: 1 }))
    const user = await restoreSession()
    expect(localStorage.getItem(storageKeys.adminToken)).toBe('tok')
    expect(user).toMatchObject({ isAdmin: true, canUseAdsCenter: true })
    expect(user.serverDiff).toBeGreaterThanOrEqual(5000)
  })

  it("drops an admin token equal to the token of a user without those permissions", async () => {
    localStorage.setItem(storageKeys.adminToken, 'tok')
    fetchMock.mockResolvedValue(detail({}))
    const user = await restoreSession()
    expect(localStorage.getItem(storageKeys.adminToken)).toBeNull()
    expect(user.isAdmin).toBe(false)
  })

  it("keeps the admin's token while impersonating", async () => {
    localStorage.setItem(storageKeys.adminToken, 'admin-tok')
    fetchMock.mockResolvedValue(detail({}))
    await restoreSession()
    expect(localStorage.getItem(storageKeys.adminToken)).toBe('admin-tok')
  })

  it("keeps the admin's token when the user they act as is an administrator too", async () => {
    localStorage.setItem(storageKeys.adminToken, 'admin-tok')
    fetchMock.mockResolvedValue(detail(admin, { impersonator }))
    const user = await restoreSession()
    expect(localStorage.getItem(storageKeys.adminToken)).toBe('admin-tok')
    expect(user.isAdmin).toBe(true)
  })

  it("keeps the admin's token for an administrator's session while the stored tokens differ, whatever the detail says", async () => {
    localStorage.setItem(storageKeys.adminToken, 'admin-tok')
    fetchMock.mockResolvedValue(detail(admin))
    await restoreSession()
    expect(localStorage.getItem(storageKeys.adminToken)).toBe('admin-tok')
  })

  it('never stores an impersonation token as the admin token, even when no admin token is stored', async () => {
    fetchMock.mockResolvedValue(detail(admin, { impersonator }))
    await restoreSession()
    expect(localStorage.getItem(storageKeys.adminToken)).toBeNull()
  })

  it('forgets tokens and franchise when the detail call fails', async () => {
    localStorage.setItem(storageKeys.adminToken, 'tok')
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ error: true, statusCode: 1022, msg: '' }), { status: 401 }))
    await expect(restoreSession()).rejects.toMatchObject({ apiCode: 1022 })
    expect(localStorage.getItem(storageKeys.token)).toBeNull()
    expect(localStorage.getItem(storageKeys.adminToken)).toBeNull()
    expect(localStorage.getItem(storageKeys.franchise)).toBeNull()
  })

  it('keeps the session when the call fails for another reason (network, page reloaded mid-call, server error)', async () => {
    localStorage.setItem(storageKeys.token, 'tok')
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(restoreSession()).rejects.toMatchObject({ apiCode: 'network error' })
    expect(localStorage.getItem(storageKeys.token)).toBe('tok')
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ error: true, statusCode: 500, msg: '' }), { status: 503 }))
    await expect(restoreSession()).rejects.toMatchObject({ statusCode: 503 })
    expect(localStorage.getItem(storageKeys.token)).toBe('tok')
  })
})

describe('impersonation', () => {
  beforeEach(() => localStorage.clear())

  it.each([
    ['no admin token', 'tok', null, false],
    ["the administrator's own session", 'tok', 'tok', false],
    ['an administrator acting as someone', 'tok', 'admin-tok', true],
    ['no session', null, 'admin-tok', false],
  ])('%s: acting for an admin is %s', (_case, token, adminToken, expected) => {
    expect(actsForAdmin(token, adminToken)).toBe(expected)
  })

  it('is in progress when the user detail names the administrator behind the session', () => {
    expect(impersonationInProgress('tok', null, { impersonator })).toBe(true)
    expect(impersonationInProgress('tok', 'tok', { impersonator })).toBe(true)
    expect(impersonationInProgress('tok', 'tok', {})).toBe(false)
    expect(impersonationInProgress('tok', 'admin-tok', {})).toBe(true)
  })

  it('reads the stored tokens at the moment it is asked', () => {
    localStorage.setItem(storageKeys.token, 'tok')
    localStorage.setItem(storageKeys.adminToken, 'admin-tok')
    expect(hasImpersonationToken()).toBe(true)
    localStorage.setItem(storageKeys.adminToken, 'tok')
    expect(hasImpersonationToken()).toBe(false)
    localStorage.removeItem(storageKeys.adminToken)
    expect(hasImpersonationToken()).toBe(false)
  })
})
