import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api } from '@/lib/api-client'
import { queryClient } from '@/lib/query-client'
import { franchiseKeys } from '@/lib/query-keys'
import { franchisesQueryKey, userQueryKey } from '@/lib/session'
import { storageKeys } from '@/lib/storage'
import { firstDraw, startEarlyCalls } from './early-calls'
// public/early.js, the plain script index.html runs before the console's code.
import earlyScript from '../../public/early.js?raw'
import { render } from '@testing-library/react'
import { ThemeProvider } from '@/components/theme-provider'

function runEarlyScript(address: string, chunks: Record<string, string[]> = {}) {
  window.history.replaceState(null, '', address)
  // The build writes the pages' chunks in (vite.config.ts, earlyChunks).
  new Function(earlyScript.replace('  var chunks = {}\n', `  var chunks = ${JSON.stringify(chunks)}\n`))()
}

const preloadRoute = vi.hoisted(() => vi.fn(async (_pathname: string) => {}))
vi.mock('./router', () => ({ preloadRoute }))

describe('the first load of a signed-in tab', () => {
  const fetchMock = vi.fn<typeof fetch>()
  const sent = () => fetchMock.mock.calls.map(([url]) => String(url))

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    fetchMock.mockImplementation(async () => new Response('{}', { status: 200 }))
    // The other groups of this file run the early script too, which preloads routes.
    preloadRoute.mockReset()
    localStorage.clear()
  })
  afterEach(() => {
    fetchMock.mockReset()
    vi.unstubAllGlobals()
  })

  it("sends the session check, the groups and Visão Geral's lists at once, and fetches the page's chunks", () => {
    localStorage.setItem(storageKeys.token, 'tok')
    localStorage.setItem(storageKeys.franchise, 'rede sul')
    startEarlyCalls({ pathname: '/dashboard', search: '' })
    expect(sent()).toEqual(['/api/user/detail', '/api/franchise', '/api/store/rede%20sul', '/api/display/rede%20sul'])
    expect(preloadRoute).toHaveBeenCalledWith('/dashboard')
  })

  it('reads the answers as they arrive, but Visão Geral’s TV list only when the page takes it', async () => {
    localStorage.setItem(storageKeys.token, 'tok')
    localStorage.setItem(storageKeys.franchise, 'rede')
    const responses = new Map<string, Response>()
    fetchMock.mockImplementation(async (url) => {
      const response = new Response('{}', { status: 200 })
      responses.set(String(url), response)
      return response
    })
    startEarlyCalls({ pathname: '/dashboard', search: '' })
    await vi.waitFor(() => expect(responses.get('/api/store/rede')?.bodyUsed).toBe(true))
    expect(responses.get('/api/user/detail')?.bodyUsed).toBe(true)
    expect(responses.get('/api/display/rede')?.bodyUsed).toBe(false)
    await api.get('/display/rede')
    expect(responses.get('/api/display/rede')?.bodyUsed).toBe(true)
    expect(fetchMock).toHaveBeenCalledTimes(4)
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

describe('the first draw of a signed-in tab', () => {
  const fetchMock = vi.fn<typeof fetch>()
  const sent = () => fetchMock.mock.calls.map(([url]) => String(url))
  const responses = new Map<string, Response>()
  const user = { id: '1', email: 'a@b.c', name: 'A', franchise: {}, permission: {}, viewAdsCenter: 1, verified: true, createdAt: 0, updatedAt: 0 }
  const answers: Record<string, [number, unknown]> = {
    '/api/user/detail': [200, { user, serverTime: Date.now() }],
    '/api/franchise': [200, { franchiseList: [{ slug: 'rede', name: 'Rede', createdAt: 1 }] }],
    '/api/store/rede': [200, { storeList: [{ slug: 'b', name: 'Loja B' }, { slug: 'a', name: 'Loja A' }] }],
    '/api/display/rede': [200, { displayList: [] }],
    '/api/schedule/rede': [200, { scheduleList: [] }],
  }

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    fetchMock.mockImplementation(async (url) => {
      const [status, body] = answers[String(url)] ?? [404, {}]
      const response = new Response(JSON.stringify(body), { status })
      responses.set(String(url), response)
      return response
    })
    queryClient.clear()
    responses.clear()
    localStorage.clear()
    localStorage.setItem(storageKeys.token, 'tok')
    localStorage.setItem(storageKeys.franchise, 'rede')
  })
  afterEach(() => {
    fetchMock.mockReset()
    vi.unstubAllGlobals()
    queryClient.clear()
  })

  it("waits for the session, the groups, Visão Geral's stores and its code, all in the cache as the screens read them", async () => {
    let codeHere = false
    preloadRoute.mockImplementationOnce(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
      codeHere = true
    })
    startEarlyCalls({ pathname: '/dashboard', search: '' })
    await firstDraw(5_000)
    expect(codeHere).toBe(true)
    expect(queryClient.getQueryData(userQueryKey)).toMatchObject({ email: 'a@b.c' })
    expect(queryClient.getQueryData(franchisesQueryKey)).toEqual([{ slug: 'rede', name: 'Rede', createdAt: 1 }])
    // As useStores reads them: in name order.
    expect(queryClient.getQueryData(franchiseKeys.stores('rede'))).toEqual([
      { slug: 'a', name: 'Loja A' },
      { slug: 'b', name: 'Loja B' },
    ])
    // The TV list waits for the page (read after its first cards), and nothing went out twice.
    expect(responses.get('/api/display/rede')?.bodyUsed).toBe(false)
    expect(sent()).toEqual(['/api/user/detail', '/api/franchise', '/api/store/rede', '/api/display/rede'])
    await api.get('/display/rede')
    expect(fetchMock).toHaveBeenCalledTimes(4)
  })

  it("leaves a failed session check to the console: nothing is put in the cache or taken", async () => {
    answers['/api/user/detail'][0] = 401
    try {
      startEarlyCalls({ pathname: '/schedule', search: '' })
      await firstDraw(5_000)
      expect(queryClient.getQueryCache().getAll()).toEqual([])
      // The answers are still there for the screens, which report the failure as usual.
      await expect(api.get('/user/detail')).rejects.toMatchObject({ statusCode: 401 })
      await expect(api.get('/schedule/rede')).resolves.toEqual({ scheduleList: [] })
      expect(fetchMock).toHaveBeenCalledTimes(3)
    } finally {
      answers['/api/user/detail'][0] = 200
    }
  })

  it("leaves a page's failed answer to its screen, and draws without a slow one after the wait", async () => {
    startEarlyCalls({ pathname: '/ads-center', search: '' })
    await firstDraw(5_000)
    expect(queryClient.getQueryData(userQueryKey)).toBeDefined()
    // The ads list failed (404 here): the screen's call gets the failure, as without the early call.
    await expect(api.get('/advertise/rede')).rejects.toMatchObject({ statusCode: 404 })
    expect(fetchMock).toHaveBeenCalledTimes(3)

    fetchMock.mockImplementation(() => new Promise<Response>(() => {}))
    queryClient.clear()
    startEarlyCalls({ pathname: '/dashboard', search: '' })
    const started = Date.now()
    await firstDraw(50)
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(queryClient.getQueryData(userQueryKey)).toBeUndefined()
  })
})

describe("the calls public/early.js starts before the console's code", () => {
  const fetchMock = vi.fn<typeof fetch>()
  const sent = () => fetchMock.mock.calls.map(([url]) => String(url))

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    fetchMock.mockImplementation(async (url) => new Response(JSON.stringify({ url: String(url) }), { status: 200 }))
    localStorage.clear()
    delete window.__vitrineEarly
  })
  afterEach(() => {
    fetchMock.mockReset()
    vi.unstubAllGlobals()
    delete window.__vitrineEarly
    window.history.replaceState(null, '', '/')
  })

  it('are the very calls startEarlyCalls sends, for every page and without a group or a session', () => {
    const cases: [string, string | null, string | null][] = [
      ['/dashboard', 'tok', 'rede sul'],
      ['/', 'tok', 'rede'],
      ['/medias', 'tok', 'rede'],
      ['/schedule', 'tok', 'rede'],
      ['/ads-center', 'tok', 'rede'],
      ['/ads-center/new?name=Promo&duration=5', 'tok', 'rede'],
      ['/groups', 'tok', 'rede'],
      ['/dashboard', 'tok', null],
      ['/dashboard', null, 'rede'],
      ['/reset/password/new?code=x', 'tok', 'rede'],
      ['/?code=verify', 'tok', 'rede'],
    ]
    for (const [address, token, franchise] of cases) {
      localStorage.clear()
      if (token) localStorage.setItem(storageKeys.token, token)
      if (franchise) localStorage.setItem(storageKeys.franchise, franchise)
      delete window.__vitrineEarly
      fetchMock.mockClear()
      runEarlyScript(address)
      const early = sent()
      delete window.__vitrineEarly
      fetchMock.mockClear()
      const url = new URL(address, 'http://x')
      startEarlyCalls({ pathname: url.pathname, search: url.search })
      expect(early, address).toEqual(sent())
    }
  })

  it("are taken over by the console: each goes out once, its answer read by the screen's call", async () => {
    localStorage.setItem(storageKeys.token, 'tok')
    localStorage.setItem(storageKeys.franchise, 'rede')
    runEarlyScript('/schedule')
    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect(fetchMock.mock.calls[0][1]?.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok' })
    startEarlyCalls({ pathname: '/schedule', search: '' })
    expect(fetchMock).toHaveBeenCalledTimes(3)
    await expect(api.get('/schedule/rede')).resolves.toEqual({ url: '/api/schedule/rede' })
    expect(fetchMock).toHaveBeenCalledTimes(3)
  })

  it('are not taken once the stored session changed, and a refusal reaches the screen as an API error', async () => {
    localStorage.setItem(storageKeys.token, 'tok')
    localStorage.setItem(storageKeys.franchise, 'rede')
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ statusCode: 1022, msg: 'x' }), { status: 401 }))
    runEarlyScript('/schedule')
    startEarlyCalls({ pathname: '/schedule', search: '' })
    await expect(api.get('/user/detail')).rejects.toMatchObject({ error: true, statusCode: 401, apiCode: 1022 })
    localStorage.setItem(storageKeys.token, 'other')
    runEarlyScript('/schedule')
    localStorage.setItem(storageKeys.token, 'newer')
    fetchMock.mockClear()
    startEarlyCalls({ pathname: '/schedule', search: '' })
    // Started with another token: sent again with the one stored now.
    expect(sent()).toEqual(['/api/user/detail', '/api/franchise', '/api/schedule/rede'])
  })
})

describe("the chunks public/early.js fetches before the console's code", () => {
  const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'))
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}')))
    document.head.querySelectorAll('link').forEach((link) => link.remove())
    localStorage.clear()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    delete window.__vitrineEarly
    window.history.replaceState(null, '', '/')
  })

  it("are the page's, as modulepreloads, for a signed-in tab only", () => {
    const chunks = { '/dashboard': ['/assets/app-layout-1.js', '/assets/overview-1.js'], '/schedule': ['/assets/list-page-1.js'] }
    expect(earlyScript).toContain('  var chunks = {}\n')
    runEarlyScript('/dashboard', chunks)
    expect(preloads()).toEqual([])
    localStorage.setItem(storageKeys.token, 'tok')
    runEarlyScript('/', chunks)
    expect(preloads()).toEqual(chunks['/dashboard'])
    document.head.querySelectorAll('link').forEach((link) => link.remove())
    runEarlyScript('/schedule', chunks)
    expect(preloads()).toEqual(chunks['/schedule'])
    document.head.querySelectorAll('link').forEach((link) => link.remove())
    runEarlyScript('/reset/password/new?code=x', chunks)
    expect(preloads()).toEqual([])
  })
})

describe('the theme public/early.js sets before anything is drawn', () => {
  const root = document.documentElement
  let prefersDark = false
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-color-scheme: dark)' && prefersDark,
      addEventListener: () => {},
      removeEventListener: () => {},
    }))
    localStorage.clear()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    root.classList.remove('light', 'dark')
    root.style.colorScheme = ''
    window.history.replaceState(null, '', '/')
  })

  it.each([
    ['dark', false, 'dark'],
    ['light', true, 'light'],
    ['system', true, 'dark'],
    ['system', false, 'light'],
    [null, true, 'dark'],
    ['sepia', false, 'light'],
  ] as const)('stored %s, the system dark: %s → %s, as the console sets it once loaded', (stored, dark, expected) => {
    prefersDark = dark
    if (stored) localStorage.setItem(storageKeys.theme, stored)
    runEarlyScript('/')
    expect([...root.classList].filter((c) => c === 'light' || c === 'dark')).toEqual([expected])
    expect(root.style.colorScheme).toBe(expected)
    // The console finds it set: it does not set it again (which would style every element a second time).
    const added = vi.spyOn(document.head, 'appendChild')
    render(<ThemeProvider>{null}</ThemeProvider>)
    expect(added).not.toHaveBeenCalled()
    expect([...root.classList].filter((c) => c === 'light' || c === 'dark')).toEqual([expected])
    added.mockRestore()
  })
})
