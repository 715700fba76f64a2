import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, EARLY_CALL_TTL_MS, errorText, startEarlyCall, type ApiError } from './api-client'
import { messageForTransport } from './errors'
import { storageKeys } from './storage'

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** A fetch that never answers but honours its abort signal, like a hung server. */
function hangingFetch(_input: RequestInfo | URL, init?: RequestInit) {
  return new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
  })
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    return error as ApiError
  }
  throw new Error('the call succeeded')
}

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>()

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    localStorage.clear()
  })

  afterEach(() => {
    fetchMock.mockReset()
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('sends JSON to /api with the stored bearer token and returns the body', async () => {
    localStorage.setItem(storageKeys.token, 'tok-1')
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }))
    await expect(api.post('/user/logout', { a: 1 })).resolves.toEqual({ ok: true })
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe('/api/user/logout')
    expect(init?.method).toBe('POST')
    expect(init?.body).toBe('{"a":1}')
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-1')
  })

  it('uses the admin token for admin calls and none for public ones', async () => {
    localStorage.setItem(storageKeys.token, 'user-token')
    localStorage.setItem(storageKeys.adminToken, 'admin-token')
    fetchMock.mockImplementation(async () => jsonResponse(200, {}))
    await api.get('/user/all', { auth: 'admin' })
    await api.post('/user/auth', {}, { auth: 'none' })
    expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>).Authorization).toBe('Bearer admin-token')
    expect((fetchMock.mock.calls[1][1]?.headers as Record<string, string>).Authorization).toBeUndefined()
  })

  it('normalises a server error and translates its code from the catalogue', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { error: true, statusCode: 1022, msg: 'token expired' }))
    expect(await failure(api.get('/user/detail'))).toEqual({
      error: true,
      statusCode: 401,
      apiCode: 1022,
      msg: 'Sessão expirada, faça login novamente.',
      detail: 'token expired',
    })
  })

  it("keeps the server's own wording of a known code as detail", async () => {
    const refusal = 'O arquivo foi enviado como PNG, mas o conteúdo é JPEG. Envie-o com a extensão correta.'
    fetchMock.mockResolvedValue(jsonResponse(422, { error: true, statusCode: 1003, msg: refusal }))
    expect(await failure(api.post('/media/norte', {}))).toEqual({
      error: true,
      statusCode: 422,
      apiCode: 1003,
      msg: 'Solicitação inválida.',
      detail: refusal,
    })
  })

  it("keeps the server's message for a code the catalogue does not know", async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { error: true, statusCode: 1429, msg: 'Muitas tentativas.' }))
    expect(await failure(api.post('/user/auth', {}))).toEqual({ error: true, statusCode: 429, apiCode: 1429, msg: 'Muitas tentativas.' })
  })

  it('falls back to the generic message when the body is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }))
    expect(await failure(api.get('/franchise'))).toEqual({
      error: true,
      statusCode: 502,
      apiCode: null,
      msg: 'Ocorreu um erro inesperado',
    })
  })

  it('reports a network error when the request cannot be made', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    expect(await failure(api.get('/franchise'))).toEqual({
      error: true,
      statusCode: 0,
      apiCode: 'network error',
      msg: messageForTransport('network error'),
    })
  })

  it('reports a timeout when the server does not answer in time', async () => {
    vi.useFakeTimers()
    fetchMock.mockImplementation(hangingFetch)
    const pending = failure(api.get('/franchise', { timeoutMs: 30_000 }))
    await vi.advanceTimersByTimeAsync(30_000)
    expect(await pending).toMatchObject({ statusCode: 0, apiCode: 'timeout', msg: messageForTransport('timeout') })
  })

  it('reports cancelled when the caller aborts', async () => {
    fetchMock.mockImplementation(hangingFetch)
    const controller = new AbortController()
    const pending = failure(api.get('/franchise', { signal: controller.signal }))
    controller.abort()
    expect(await pending).toMatchObject({ statusCode: 0, apiCode: 'cancelled', msg: messageForTransport('cancelled') })
  })

  it('toasts the server message when there is one, otherwise the fallback', () => {
    const server: ApiError = { error: true, statusCode: 401, apiCode: 1002, msg: 'E-mail/senha inválidos.' }
    const bare: ApiError = { error: true, statusCode: 502, apiCode: null, msg: 'Ocorreu um erro inesperado' }
    expect(errorText(server, 'fallback')).toBe('E-mail/senha inválidos.')
    expect(errorText(bare, 'fallback')).toBe('fallback')
    expect(errorText(new Error('boom'), 'fallback')).toBe('fallback')
  })

  it("toasts the server's own wording when it is more specific than the catalogue's", () => {
    const outage: ApiError = {
      error: true, statusCode: 503, apiCode: 1500,
      msg: 'Ocorreu um erro interno. Caso o problema persista, contate o administrador do sistema.',
      detail: 'Serviço indisponível, tente novamente.',
    }
    expect(errorText(outage, 'fallback')).toBe('Serviço indisponível, tente novamente.')
  })

  describe('calls started early', () => {
    it('hands the answer to the first get of the same path, once', async () => {
      localStorage.setItem(storageKeys.token, 'tok-1')
      fetchMock.mockImplementation(async () => jsonResponse(200, { storeList: [{ name: 'Loja 1' }] }))
      startEarlyCall('/store/rede')
      expect(fetchMock).toHaveBeenCalledTimes(1)
      await expect(api.get('/store/rede', { signal: new AbortController().signal })).resolves.toEqual({ storeList: [{ name: 'Loja 1' }] })
      expect(fetchMock).toHaveBeenCalledTimes(1)
      // A later get is a call of its own.
      await api.get('/store/rede')
      expect(fetchMock).toHaveBeenCalledTimes(2)
    })

    it('hands a failure over as the caller would have got it, and drops failures nobody asks for', async () => {
      localStorage.setItem(storageKeys.token, 'tok-1')
      fetchMock.mockImplementation(async () => jsonResponse(403, { statusCode: 1004, msg: 'x' }))
      startEarlyCall('/display/rede')
      startEarlyCall('/display/outra') // never asked for: no unhandled rejection
      expect(await failure(api.get('/display/rede'))).toMatchObject({ statusCode: 403, apiCode: 1004 })
    })

    it('is not used for another token, another path, an admin call or after its time', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      fetchMock.mockImplementation(async () => jsonResponse(200, {}))
      localStorage.setItem(storageKeys.token, 'tok-1')
      startEarlyCall('/franchise')
      localStorage.setItem(storageKeys.token, 'tok-2')
      await api.get('/franchise')
      expect(fetchMock).toHaveBeenCalledTimes(2)

      startEarlyCall('/franchise')
      await api.get('/franchise', { auth: 'admin' })
      expect(fetchMock).toHaveBeenCalledTimes(4)

      startEarlyCall('/franchise')
      vi.setSystemTime(Date.now() + EARLY_CALL_TTL_MS + 1)
      await api.get('/franchise')
      expect(fetchMock).toHaveBeenCalledTimes(6)
    })

    it('reads an answer as it arrives, or with readWhenTaken only when a screen takes it, and lets go of one nobody takes', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] })
      localStorage.setItem(storageKeys.token, 'tok-1')
      const bodies: { read: boolean; cancelled: boolean }[] = []
      fetchMock.mockImplementation(async () => {
        const body = { read: false, cancelled: false }
        bodies.push(body)
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            body.read = true
            controller.enqueue(new TextEncoder().encode('{"displayList":[]}'))
            controller.close()
          },
          cancel() {
            body.cancelled = true
          },
        }, { highWaterMark: 0 })
        return new Response(stream, { status: 200 })
      })
      startEarlyCall('/display/rede', { readWhenTaken: true })
      startEarlyCall('/display/outra', { readWhenTaken: true })
      startEarlyCall('/store/rede')
      await vi.advanceTimersByTimeAsync(1_000)
      expect(bodies).toEqual([
        { read: false, cancelled: false },
        { read: false, cancelled: false },
        { read: true, cancelled: false },
      ])
      await expect(api.get('/display/rede')).resolves.toEqual({ displayList: [] })
      expect(bodies[0]).toEqual({ read: true, cancelled: false })
      await vi.advanceTimersByTimeAsync(EARLY_CALL_TTL_MS)
      expect(bodies[1]).toEqual({ read: false, cancelled: true })
      vi.useRealTimers()
    })

    it('lets the caller give up while the answer is on its way', async () => {
      fetchMock.mockImplementation(hangingFetch)
      startEarlyCall('/user/detail')
      const controller = new AbortController()
      const pending = failure(api.get('/user/detail', { signal: controller.signal }))
      controller.abort()
      expect(await pending).toMatchObject({ statusCode: 0, apiCode: 'cancelled' })
    })
  })
})
