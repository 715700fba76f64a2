import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { storageKeys } from '@/lib/storage'
import { startEarlyCalls } from './early-calls'

const preloadRoute = vi.hoisted(() => vi.fn())
vi.mock('./router', () => ({ preloadRoute }))

describe('the first load of a signed-in tab', () => {
  const fetchMock = vi.fn<typeof fetch>()
  const sent = () => fetchMock.mock.calls.map(([url]) => String(url))

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    fetchMock.mockImplementation(async () => new Response('{}', { status: 200 }))
    localStorage.clear()
  })
  afterEach(() => {
    fetchMock.mockReset()
    preloadRoute.mockReset()
    vi.unstubAllGlobals()
  })

  it("sends the session check, the groups and Visão Geral's lists at once, and fetches the page's chunks", () => {
    localStorage.setItem(storageKeys.token, 'tok')
    localStorage.setItem(storageKeys.franchise, 'rede sul')
    startEarlyCalls({ pathname: '/dashboard', search: '' })
    expect(sent()).toEqual(['/api/user/detail', '/api/franchise', '/api/store/rede%20sul', '/api/display/rede%20sul'])
    expect(preloadRoute).toHaveBeenCalledWith('/dashboard')
  })

  it("sends Minhas Mídias' library, and treats the login's address as Visão Geral", () => {
    localStorage.setItem(storageKeys.token, 'tok')
    localStorage.setItem(storageKeys.franchise, 'rede')
    startEarlyCalls({ pathname: '/medias', search: '' })
    expect(sent().slice(2)).toEqual(['/api/media/rede?only=folderMap'])
    fetchMock.mockClear()
    startEarlyCalls({ pathname: '/', search: '' })
    expect(sent().slice(2)).toEqual(['/api/store/rede', '/api/display/rede'])
    expect(preloadRoute).toHaveBeenLastCalledWith('/dashboard')
  })

  it("sends Programações' list and the ads center's list or booking calendar", () => {
    localStorage.setItem(storageKeys.token, 'tok')
    localStorage.setItem(storageKeys.franchise, 'rede sul')
    startEarlyCalls({ pathname: '/schedule', search: '' })
    expect(sent().slice(2)).toEqual(['/api/schedule/rede%20sul'])
    fetchMock.mockClear()
    startEarlyCalls({ pathname: '/ads-center', search: '' })
    expect(sent().slice(2)).toEqual(['/api/advertise/rede%20sul'])
    fetchMock.mockClear()
    startEarlyCalls({ pathname: '/ads-center/new', search: '?name=Promo&duration=5' })
    expect(sent().slice(2)).toEqual(['/api/advertise/rede%20sul/map'])
    expect(preloadRoute).toHaveBeenLastCalledWith('/ads-center/new')
  })

  it('sends only the session check without a stored group, and nothing without a session or on a reset link', () => {
    localStorage.setItem(storageKeys.token, 'tok')
    startEarlyCalls({ pathname: '/dashboard', search: '' })
    expect(sent()).toEqual(['/api/user/detail', '/api/franchise'])
    fetchMock.mockClear()
    startEarlyCalls({ pathname: '/reset/password/new', search: '?code=x' })
    localStorage.clear()
    startEarlyCalls({ pathname: '/dashboard', search: '' })
    expect(sent()).toEqual([])
  })

  it("fetches the sign-in pages' chunk without a session: the login's, or the recovery page opened", () => {
    startEarlyCalls({ pathname: '/', search: '' })
    expect(preloadRoute).toHaveBeenLastCalledWith('/')
    // A screen behind the login leads there: its chunks are not fetched.
    startEarlyCalls({ pathname: '/medias', search: '' })
    expect(preloadRoute).toHaveBeenLastCalledWith('/')
    localStorage.setItem(storageKeys.token, 'tok')
    startEarlyCalls({ pathname: '/reset/password/new', search: '?code=x' })
    expect(preloadRoute).toHaveBeenLastCalledWith('/reset/password/new')
    startEarlyCalls({ pathname: '/', search: '?code=verify' })
    expect(preloadRoute).toHaveBeenLastCalledWith('/')
    expect(preloadRoute).toHaveBeenCalledTimes(4)
    expect(sent()).toEqual([])
  })
})
