import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { userQueryOptions, type SessionUser } from '@/lib/session'
import { refreshAdsCenterPermission, useFollowForbidden } from './permission'
import { json } from './test-utils'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn(), ERROR_TITLE: 'Oops! Algo deu errado.' }))

const signedIn = { id: 'u1', email: 'ana@vitrine.test', name: 'Ana', viewAdsCenter: 1, canUseAdsCenter: true, isAdmin: false, serverDiff: 0 } as SessionUser

function detail(viewAdsCenter: number) {
  return json({ user: { ...signedIn, name: 'Ana Maria', viewAdsCenter }, serverTime: Date.now() })
}

function clientWithUser() {
  const client = createQueryClient()
  client.setQueryData(userQueryOptions().queryKey, signedIn)
  return client
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('following the ads-center permission', () => {
  it('takes a revoked permission into the session, and only that', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => detail(0)))
    const client = clientWithUser()
    await refreshAdsCenterPermission(client)
    expect(client.getQueryData(userQueryOptions().queryKey)).toEqual({ ...signedIn, viewAdsCenter: 0, canUseAdsCenter: false })
  })

  it('leaves the session as it is when the check fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))))
    const client = clientWithUser()
    await refreshAdsCenterPermission(client)
    expect(client.getQueryData(userQueryOptions().queryKey)).toBe(signedIn)
  })

  it('checks at once when an ads-center call answers 1403', async () => {
    const fetchMock = vi.fn(async () => detail(0))
    vi.stubGlobal('fetch', fetchMock)
    const client = clientWithUser()
    function Page({ error }: { error: unknown }) {
      useFollowForbidden(error)
      return null
    }
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <Page error={{ error: true, statusCode: 500, apiCode: 1500, msg: '' }} />
      </QueryClientProvider>,
    )
    expect(fetchMock).not.toHaveBeenCalled()
    rerender(
      <QueryClientProvider client={client}>
        <Page error={{ error: true, statusCode: 403, apiCode: 1403, msg: 'Permissão insuficiente.' }} />
      </QueryClientProvider>,
    )
    await vi.waitFor(() => expect(client.getQueryData(userQueryOptions().queryKey)).toMatchObject({ canUseAdsCenter: false }))
  })
})
