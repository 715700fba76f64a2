import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { storageKeys } from '@/lib/storage'
import { restoreSession } from './get-user'
import { restoresSession } from './session-provider'

function detail(permission: Record<string, number>) {
  return new Response(
    JSON.stringify({
      user: { id: '1', email: 'a@b.c', name: 'A', franchise: {}, permission, viewAdsCenter: 1, verified: true, createdAt: 0, updatedAt: 0 },
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

  it('forgets tokens and franchise when the detail call fails', async () => {
    localStorage.setItem(storageKeys.adminToken, 'tok')
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ error: true, statusCode: 1022, msg: '' }), { status: 401 }))
    await expect(restoreSession()).rejects.toMatchObject({ apiCode: 1022 })
    expect(localStorage.getItem(storageKeys.token)).toBeNull()
    expect(localStorage.getItem(storageKeys.adminToken)).toBeNull()
    expect(localStorage.getItem(storageKeys.franchise)).toBeNull()
  })
})
