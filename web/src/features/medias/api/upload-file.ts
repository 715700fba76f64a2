import type { ApiError } from '@/lib/api-client'
import { messageForTransport, unknownErrorMessage } from '@/lib/errors'
import type { UploadPolicy } from '../types'

export type UploadProgress = { loaded: number; total: number }

/** The message of a storage refusal: the API's JSON msg, or S3's XML <Message>. */
function refusalMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { msg?: unknown }
    if (typeof body.msg === 'string' && body.msg !== '') return body.msg
  } catch {
    const match = /<Message>([^<]+)<\/Message>/.exec(text)
    if (match) return match[1]
  }
  return undefined
}

/**
 * Posts a file straight to storage with its signed policy: the policy's
 * fields first, then the file. XMLHttpRequest rather than fetch, for the
 * upload progress events. Rejects with an ApiError; aborting the signal
 * cancels the transfer.
 */
export function uploadFile(
  policy: UploadPolicy,
  file: Blob,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<void> {
  const { onProgress, signal } = options
  return new Promise((resolve, reject) => {
    const fail = (error: ApiError) => reject(error)
    if (signal?.aborted) {
      fail({ error: true, statusCode: 0, apiCode: 'cancelled', msg: messageForTransport('cancelled') })
      return
    }
    const form = new FormData()
    for (const [name, value] of Object.entries(policy.fields)) form.append(name, value)
    form.append('file', file)

    const xhr = new XMLHttpRequest()
    const abort = () => xhr.abort()
    signal?.addEventListener('abort', abort)
    const done = () => signal?.removeEventListener('abort', abort)

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total })
    }
    xhr.onload = () => {
      done()
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.({ loaded: file.size, total: file.size })
        resolve()
        return
      }
      const detail = refusalMessage(xhr.responseText)
      let apiCode: number | null = null
      try {
        const code = (JSON.parse(xhr.responseText) as { statusCode?: unknown }).statusCode
        if (typeof code === 'number') apiCode = code
      } catch {
        // not JSON (S3 answers XML)
      }
      fail({ error: true, statusCode: xhr.status, apiCode, msg: detail ?? unknownErrorMessage, ...(detail ? { detail } : {}) })
    }
    xhr.onerror = () => {
      done()
      fail({ error: true, statusCode: 0, apiCode: 'network error', msg: messageForTransport('network error') })
    }
    xhr.onabort = () => {
      done()
      fail({ error: true, statusCode: 0, apiCode: 'cancelled', msg: messageForTransport('cancelled') })
    }
    xhr.open('POST', policy.url)
    xhr.send(form)
  })
}
