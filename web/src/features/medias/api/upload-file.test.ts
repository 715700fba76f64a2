// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { uploadFile } from './upload-file'

/** Just enough of XMLHttpRequest to drive uploadFile. */
class FakeXHR {
  static last: FakeXHR
  method = ''
  url = ''
  body: FormData | null = null
  status = 0
  responseText = ''
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  aborted = false
  constructor() {
    FakeXHR.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  send(body: FormData) {
    this.body = body
  }
  abort() {
    this.aborted = true
    this.onabort?.()
  }
  answer(status: number, text = '') {
    this.status = status
    this.responseText = text
    this.onload?.()
  }
}

const policy = {
  url: '/files/upload',
  fields: { key: 'norte/media/abc.png', 'Content-Type': 'image/png', policy: 'p', 'x-vitrine-signature': 's' },
}
const file = new Blob(['x'.repeat(100)], { type: 'image/png' })

beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXHR))
afterEach(() => vi.unstubAllGlobals())

describe('direct upload to storage', () => {
  it('posts the policy fields first and the file last, reporting progress', async () => {
    const progress = vi.fn()
    const done = uploadFile(policy, file, { onProgress: progress })
    const xhr = FakeXHR.last
    expect([xhr.method, xhr.url]).toEqual(['POST', '/files/upload'])
    expect([...xhr.body!.keys()]).toEqual(['key', 'Content-Type', 'policy', 'x-vitrine-signature', 'file'])
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 40, total: 100 })
    xhr.answer(204)
    await expect(done).resolves.toBeUndefined()
    expect(progress.mock.calls).toEqual([[{ loaded: 40, total: 100 }], [{ loaded: 100, total: 100 }]])
  })

  it("rejects with the storage's own pt-BR message when it refuses", async () => {
    const done = uploadFile(policy, file)
    FakeXHR.last.answer(403, JSON.stringify({ error: true, statusCode: 1403, msg: 'A autorização de envio expirou. Envie o arquivo novamente.' }))
    await expect(done).rejects.toEqual({
      error: true,
      statusCode: 403,
      apiCode: 1403,
      msg: 'A autorização de envio expirou. Envie o arquivo novamente.',
      detail: 'A autorização de envio expirou. Envie o arquivo novamente.',
    })
  })

  it("reads S3's XML error message", async () => {
    const done = uploadFile(policy, file)
    FakeXHR.last.answer(400, '<?xml version="1.0"?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>')
    await expect(done).rejects.toMatchObject({ statusCode: 400, apiCode: null, detail: 'Your proposed upload exceeds the maximum allowed size' })
  })

  it('falls back to the generic message for an answer without one', async () => {
    const done = uploadFile(policy, file)
    FakeXHR.last.answer(502, '<html>Bad gateway</html>')
    await expect(done).rejects.toEqual({ error: true, statusCode: 502, apiCode: null, msg: 'Ocorreu um erro inesperado' })
  })

  it('reports a network failure', async () => {
    const done = uploadFile(policy, file)
    FakeXHR.last.onerror!()
    await expect(done).rejects.toMatchObject({ statusCode: 0, apiCode: 'network error' })
  })

  it('aborts the transfer when the signal fires', async () => {
    const controller = new AbortController()
    const done = uploadFile(policy, file, { signal: controller.signal })
    controller.abort()
    await expect(done).rejects.toMatchObject({ apiCode: 'cancelled' })
    expect(FakeXHR.last.aborted).toBe(true)
  })
})
