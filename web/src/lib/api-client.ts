import {
  isKnownCode,
  messageForCode,
  messageForTransport,
  unknownErrorMessage,
  type TransportFailure,
} from './errors'
import { storage, storageKeys } from './storage'

/**
 * Every failed call rejects with this object, whatever went wrong.
 * statusCode is the HTTP status (0 when no response arrived); apiCode is the
 * server's code from the error catalogue, or the kind of transport failure.
 */
export type ApiError = {
  error: true
  statusCode: number
  apiCode: number | TransportFailure | null
  msg: string
  /**
   * The server's own message when it differs from the catalogue's text for
   * its code (for example the reason a file upload was refused).
   */
  detail?: string
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && (value as ApiError).error === true && 'msg' in value
}

/** True when the server answered with one of its error codes. */
export function isServerError(error: ApiError) {
  return typeof error.apiCode === 'number'
}

/**
 * Text for an error toast: the message the failure carries when it came from
 * the server or the network — the server's own wording when it is more
 * specific than the catalogue's text for its code (why a time window, a
 * schedule save or a call during an outage was refused) — otherwise the
 * screen's fallback.
 */
export function errorText(error: unknown, fallback: string) {
  if (isApiError(error) && error.apiCode !== null && error.apiCode !== 'cancelled') return error.detail ?? error.msg
  return fallback
}

export const API_BASE = '/api'
export const REQUEST_TIMEOUT_MS = 30_000

/** Which stored token authorises a call. Admin calls use the admin token, which outlives impersonation. */
export type Auth = 'user' | 'admin' | 'none'

export type RequestOptions = {
  body?: unknown
  auth?: Auth
  signal?: AbortSignal
  timeoutMs?: number
}

function transportError(failure: TransportFailure): ApiError {
  return { error: true, statusCode: 0, apiCode: failure, msg: messageForTransport(failure) }
}

function httpError(status: number, body: unknown): ApiError {
  const payload = (typeof body === 'object' && body !== null ? body : {}) as { statusCode?: unknown; msg?: unknown }
  const code = typeof payload.statusCode === 'number' ? payload.statusCode : null
  const serverMsg = typeof payload.msg === 'string' && payload.msg !== '' ? payload.msg : null
  let msg = unknownErrorMessage
  if (code !== null && isKnownCode(code)) msg = messageForCode(code)
  else if (serverMsg) msg = serverMsg
  const error: ApiError = { error: true, statusCode: status, apiCode: code, msg }
  if (serverMsg && serverMsg !== msg) error.detail = serverMsg
  return error
}

function tokenFor(auth: Auth) {
  if (auth === 'none') return null
  if (auth === 'admin') return storage.get(storageKeys.adminToken) ?? storage.get(storageKeys.token)
  return storage.get(storageKeys.token)
}

function parseJSON(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Sends a call and returns its successful response; every failure rejects with an ApiError. */
async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const { body, auth = 'user', signal, timeoutMs = REQUEST_TIMEOUT_MS } = options

  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const cancel = () => controller.abort()
  if (signal?.aborted) controller.abort()
  signal?.addEventListener('abort', cancel)

  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const token = tokenFor(auth)
  if (token) headers.Authorization = `Bearer ${token}`

  let response: Response
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    })
  } catch {
    if (timedOut) throw transportError('timeout')
    if (controller.signal.aborted) throw transportError('cancelled')
    throw transportError('network error')
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', cancel)
  }
  if (!response.ok) throw httpError(response.status, parseJSON(await response.text().catch(() => '')))
  return response
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return (await readJSON(await send(method, path, options))) as T
}

/** A successful response's JSON (undefined when it has no body). */
async function readJSON(response: Response): Promise<unknown> {
  return parseJSON(await response.text().catch(() => ''))
}

/** How long an answer started early waits for the screen that asks for it. */
export const EARLY_CALL_TTL_MS = 15_000

/**
 * GET calls started before any screen asked for them, by path (see
 * startEarlyCall): `take` gives the answer, `drop` lets go of one nobody took,
 * `arrived` says whether the answer has come and is a success.
 */
const earlyCalls = new Map<
  string,
  { token: string | null; until: number; take: () => Promise<unknown>; drop: () => void; arrived: Promise<boolean> }
>()

/**
 * Starts a GET now, with the stored token, for a screen that will ask for it
 * once its code has loaded: the first load sends the screen's calls together
 * with the session check instead of after it. The first `api.get` of the same
 * path with the same token within EARLY_CALL_TTL_MS takes the answer (or the
 * failure) as if it had sent the call itself; an answer nobody takes is dropped.
 *
 * The answer is read as soon as it arrives, so the screen finds it ready;
 * with `readWhenTaken`, only once a screen takes it: reading and parsing a
 * big list (a group's 50,000 TVs, 17 MB of JSON) holds the tab's main thread
 * for a good part of a second, which a screen that draws from another list
 * first (Visão Geral's store cards) would otherwise wait for.
 */
export function startEarlyCall(path: string, { readWhenTaken = false }: { readWhenTaken?: boolean } = {}) {
  const response = adoptStarted(path) ?? send('GET', path)
  response.catch(() => {})
  // The answer read now, unless it waits for the screen that takes it.
  const read = readWhenTaken ? undefined : response.then(readJSON)
  const call = {
    token: tokenFor('user'),
    until: Date.now() + EARLY_CALL_TTL_MS,
    take: () => read ?? response.then(readJSON),
    drop: () => {
      if (!read) discard(response)
    },
    arrived: (read ?? response).then(
      () => true,
      () => false,
    ),
  }
  earlyCalls.set(path, call)
  setTimeout(() => {
    if (earlyCalls.get(path) !== call) return
    earlyCalls.delete(path)
    call.drop()
  }, EARLY_CALL_TTL_MS)
}

/**
 * Whether the early call of `path` has been answered with a success (read,
 * unless it is read when taken), once it has come: false when it failed, when
 * none was started, or when it has been taken already. A screen's first data
 * can be put in the cache from it before the screen is drawn, without a
 * failure reaching the query cache's error handling outside a screen.
 */
export function earlyCallArrived(path: string): Promise<boolean> {
  return earlyCalls.get(path)?.arrived ?? Promise.resolve(false)
}

/** Lets go of a response's body that will not be read. */
function discard(response: Promise<Response>) {
  response.then((r) => r.body?.cancel()).catch(() => {})
}

/** The calls public/early.js started before the console's code arrived, by path. */
type StartedCall = { token: string; at: number; response: Promise<Response> }
declare global {
  interface Window {
    __vitrineEarly?: Record<string, StartedCall | undefined>
  }
}

/**
 * The response of the GET of `path` that public/early.js started with the
 * token still stored, failing as `send` fails; undefined when it started none
 * (or with another token, or too long ago).
 */
function adoptStarted(path: string): Promise<Response> | undefined {
  const started = typeof window === 'undefined' ? undefined : window.__vitrineEarly?.[path]
  if (!started) return undefined
  delete window.__vitrineEarly![path]
  if (started.token !== tokenFor('user') || Date.now() - started.at > EARLY_CALL_TTL_MS) {
    discard(started.response)
    return undefined
  }
  return started.response.then(
    async (response) => {
      if (!response.ok) throw httpError(response.status, parseJSON(await response.text().catch(() => '')))
      return response
    },
    () => {
      throw transportError('network error')
    },
  )
}

function takeEarlyCall<T>(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<T> | undefined {
  const early = earlyCalls.get(path)
  if (!early) return undefined
  earlyCalls.delete(path)
  const { auth = 'user', signal, timeoutMs } = options
  if (auth !== 'user' || timeoutMs !== undefined || early.token !== tokenFor('user') || Date.now() > early.until) {
    early.drop()
    return undefined
  }
  if (signal?.aborted) {
    early.drop()
    return Promise.reject(transportError('cancelled'))
  }
  const answer = early.take() as Promise<T>
  if (!signal) return answer
  // The caller may still give up on the call (a query cancelled): it gets what a cancelled call gets.
  return new Promise<T>((resolve, reject) => {
    const cancel = () => reject(transportError('cancelled'))
    signal.addEventListener('abort', cancel, { once: true })
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', cancel))
  })
}

/** A file the API answers with (a screenshot, a CSV): its bytes and the name the server gives it. */
async function getFile(path: string, options?: Omit<RequestOptions, 'body'>): Promise<{ blob: Blob; filename?: string }> {
  const response = await send('GET', path, options)
  const blob = await response.blob().catch(() => {
    throw transportError('network error')
  })
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(response.headers.get('Content-Disposition') ?? '')
  return { blob, filename: match ? decodeURIComponent(match[1]) : undefined }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => takeEarlyCall<T>(path, options) ?? request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('DELETE', path, { ...options, body }),
  getFile,
}
