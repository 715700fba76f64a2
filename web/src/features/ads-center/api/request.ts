import { API_BASE, REQUEST_TIMEOUT_MS, type ApiError } from '@/lib/api-client'
import { isKnownCode, messageForCode, messageForTransport, unknownErrorMessage, type TransportFailure } from '@/lib/errors'
import { storage, storageKeys } from '@/lib/storage'

// The shared API client sends GET, POST and DELETE and reads JSON. The ads
// center also needs PUT (PUT /advertise/{franchise}, spec 2 §7) and a file
// (the plays as CSV): both go through here, with the same bearer token, time
// limit and ApiError as the client's calls.

type Options = { body?: unknown; signal?: AbortSignal }

function failure(statusCode: number, apiCode: ApiError['apiCode'], msg: string, detail?: string): ApiError {
  return { error: true, statusCode, apiCode, msg, ...(detail && detail !== msg ? { detail } : {}) }
}

/** The answer's bytes and headers, read whole within the time limit; an ApiError otherwise. */
async function send(method: string, path: string, { body, signal }: Options): Promise<{ data: Blob; headers: Headers }> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, REQUEST_TIMEOUT_MS)
  const cancel = () => controller.abort()
  if (signal?.aborted) controller.abort()
  signal?.addEventListener('abort', cancel)
  const transport = (): ApiError => {
    const kind: TransportFailure = timedOut ? 'timeout' : controller.signal.aborted ? 'cancelled' : 'network error'
    return failure(0, kind, messageForTransport(kind))
  }

  const headers: Record<string, string> = {}
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const token = storage.get(storageKeys.token)
  if (token) headers.Authorization = `Bearer ${token}`
  try {
    let response: Response
    try {
      response = await fetch(`${API_BASE}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      })
    } catch {
      throw transport()
    }
    if (response.ok) {
      const data = await response.blob().catch(() => {
        throw transport()
      })
      return { data, headers: response.headers }
    }
    let payload: { statusCode?: unknown; msg?: unknown } = {}
    try {
      payload = (await response.json()) as typeof payload
    } catch {
      // not JSON
    }
    const code = typeof payload.statusCode === 'number' ? payload.statusCode : null
    const serverMsg = typeof payload.msg === 'string' && payload.msg !== '' ? payload.msg : undefined
    const msg = code !== null && isKnownCode(code) ? messageForCode(code) : (serverMsg ?? unknownErrorMessage)
    throw failure(response.status, code, msg, serverMsg)
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', cancel)
  }
}

/** PUT with a JSON body; the JSON answer. */
export async function put<T>(path: string, body: unknown): Promise<T> {
  const text = await (await send('PUT', path, { body })).data.text()
  return (text ? JSON.parse(text) : undefined) as T
}

/** GET of a file: its bytes and the name the server gives it (Content-Disposition), if any. */
export async function getFile(path: string, signal?: AbortSignal): Promise<{ blob: Blob; filename?: string }> {
  const { data, headers } = await send('GET', path, { signal })
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(headers.get('Content-Disposition') ?? '')
  return { blob: data, filename: match ? decodeURIComponent(match[1]) : undefined }
}
