import { useQuery } from '@tanstack/react-query'
import { API_BASE, type ApiError } from '@/lib/api-client'
import { isKnownCode, messageForCode, messageForTransport, unknownErrorMessage } from '@/lib/errors'
import { storage, storageKeys } from '@/lib/storage'
import { displayCommandsKey } from './get-display-commands'
import { displayPath } from './display-path'
import type { DisplayRef } from './types'

/** A video can take a while on a slow link. */
const FILE_TIMEOUT_MS = 120_000

function failure(statusCode: number, apiCode: ApiError['apiCode'], msg: string, detail?: string): ApiError {
  return { error: true, statusCode, apiCode, msg, ...(detail && detail !== msg ? { detail } : {}) }
}

/**
 * The screenshot or video a command brought back, as a Blob. The API client
 * reads JSON only, so this call makes its own request, with the same session
 * token in the Authorization header (an <img src> could not send it) and the
 * same ApiError on failure.
 */
export async function getDisplayCommandFile(display: DisplayRef, commandId: string, signal?: AbortSignal): Promise<Blob> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, FILE_TIMEOUT_MS)
  const cancel = () => controller.abort()
  if (signal?.aborted) controller.abort()
  signal?.addEventListener('abort', cancel)

  const headers: Record<string, string> = {}
  const token = storage.get(storageKeys.token)
  if (token) headers.Authorization = `Bearer ${token}`
  try {
    let response: Response
    try {
      response = await fetch(`${API_BASE}${displayPath(display)}/commands/${encodeURIComponent(commandId)}/file`, {
        headers,
        signal: controller.signal,
      })
    } catch {
      const kind = timedOut ? 'timeout' : controller.signal.aborted ? 'cancelled' : 'network error'
      throw failure(0, kind, messageForTransport(kind))
    }
    if (response.ok) {
      try {
        return await response.blob()
      } catch {
        const kind = timedOut ? 'timeout' : controller.signal.aborted ? 'cancelled' : 'network error'
        throw failure(0, kind, messageForTransport(kind))
      }
    }
    let body: { statusCode?: unknown; msg?: unknown } = {}
    try {
      body = (await response.json()) as typeof body
    } catch {
      // not JSON
    }
    const code = typeof body.statusCode === 'number' ? body.statusCode : null
    const serverMsg = typeof body.msg === 'string' && body.msg !== '' ? body.msg : undefined
    const msg = code !== null && isKnownCode(code) ? messageForCode(code) : (serverMsg ?? unknownErrorMessage)
    throw failure(response.status, code, msg, serverMsg)
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', cancel)
  }
}

/** The file of a finished job never changes: fetched once while it is shown. */
export function useDisplayCommandFile(display: DisplayRef, commandId: string) {
  return useQuery({
    queryKey: [...displayCommandsKey(display), commandId, 'file'],
    queryFn: ({ signal }) => getDisplayCommandFile(display, commandId, signal),
    staleTime: Infinity,
    // Blobs can be large: let them go soon after the dialog closes.
    gcTime: 60_000,
    // Said beside the job, in the dialog.
    meta: { errorToast: false },
  })
}
