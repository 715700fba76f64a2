import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatDate } from '@/lib/format'
import { storageKeys } from '@/lib/storage'
import type { Display, DisplayCommandJob } from '../api/types'
import { DisplayCommandResultsDialog } from './display-command-results-dialog'

vi.mock('@/hooks/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/hooks/use-toast')>()),
  errorToast: vi.fn(),
  toast: vi.fn(),
}))

const display = { id: 'd1', name: 'TV Caixa', device: 'ABC123', store: 'loja-centro' } as Display
const LIST_URL = '/api/display/rede-norte/loja-centro/d1/commands'
const SENT_AT = new Date(2030, 0, 15, 10, 20, 30).getTime()
const DONE_AT = SENT_AT + 4_000

const job = (fields: Partial<DisplayCommandJob> & Pick<DisplayCommandJob, 'id' | 'operation' | 'status'>): DisplayCommandJob => ({
  result: '',
  error: '',
  hasFile: false,
  createdAt: SENT_AT,
  ...fields,
})

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const view = render(
    <QueryClientProvider client={client}>
      <DisplayCommandResultsDialog open onOpenChange={() => {}} franchise="rede-norte" display={display} />
    </QueryClientProvider>,
  )
  return { ...view, client }
}

/** A file answer. Bytes, not a jsdom Blob: Node's Response reads only its own Blob. */
const file = (type: string) => new Response(new Uint8Array([0xff, 0xd8, 1, 2]), { headers: { 'Content-Type': type } })

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement
const listCalls = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.filter(([url]) => url === LIST_URL).length

describe("the TV's command results", () => {
  const fetchMock = vi.fn<typeof fetch>()
  const createObjectURL = vi.fn((blob: Blob) => `blob:${blob.type}`)
  const revokeObjectURL = vi.fn()

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    localStorage.clear()
    localStorage.setItem(storageKeys.token, 'acting')
    localStorage.setItem(storageKeys.adminToken, 'admin')
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL, revokeObjectURL })
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
    fetchMock.mockReset()
    createObjectURL.mockClear()
    revokeObjectURL.mockClear()
    vi.unstubAllGlobals()
  })

  it('lists each command with its label, times, status and result', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input)
      if (url === LIST_URL) {
        return json({
          commands: [
            job({ id: 'c1', operation: 'restartDevice', status: 'sent' }),
            job({ id: 'c2', operation: 'identifyVersion', status: 'done', result: '2.4.1', completedAt: DONE_AT }),
            job({ id: 'c3', operation: 'clearDb', status: 'failed', error: 'Sem espaço em disco.', completedAt: DONE_AT }),
            job({ id: 'c4', operation: 'clearMedia', status: 'timeout' }),
            job({ id: 'c5', operation: 'clearSchedule', status: 'queued' }),
            job({ id: 'c6', operation: 'screenshot', status: 'done', hasFile: true, fileType: 'image/png', completedAt: DONE_AT }),
            job({ id: 'c7', operation: 'recordVideo', status: 'done', hasFile: true, fileType: 'video/webm', completedAt: DONE_AT }),
            job({ id: 'c8', operation: 'identifyDevice', status: 'done', completedAt: DONE_AT }),
          ],
        })
      }
      return file(url.endsWith('/c6/file') ? 'image/png' : 'video/webm')
    })
    renderDialog()

    const dialog = await screen.findByRole('dialog', { name: 'Resultados dos comandos' })
    expect(dialog).toHaveTextContent('Televisor: TV Caixa (ABC123).')
    const table = await within(dialog).findByRole('table', { name: 'Comandos enviados a TV Caixa' })
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Comando',
      'Enviado em',
      'Status',
      'Concluído em',
      'Resultado',
    ])
    const sentAt = formatDate(SENT_AT, 'dd/MM/yyyy HH:mm:ss')
    const doneAt = formatDate(DONE_AT, 'dd/MM/yyyy HH:mm:ss')
    expect(sentAt).toMatch(/^\d{2}\/\d{2}\/2030 \d{2}:\d{2}:\d{2}$/)

    const cells = (label: string) => within(rowOf(label)).getAllByRole('cell').map((td) => td.textContent)
    expect(cells('Reiniciar dispositivo')).toEqual(['Reiniciar dispositivo', sentAt, 'Enviado', '—', 'Aguardando resposta do TV box…'])
    expect(cells('Identificar versão')).toEqual(['Identificar versão', sentAt, 'Concluído', doneAt, 'Versão 2.4.1'])
    expect(cells('Limpar banco de dados')).toEqual(['Limpar banco de dados', sentAt, 'Falhou', doneAt, 'Sem espaço em disco.'])
    expect(cells('Limpar mídias')).toEqual(['Limpar mídias', sentAt, 'Sem resposta', '—', 'O TV box não respondeu a tempo.'])
    expect(cells('Limpar programação')).toEqual(['Limpar programação', sentAt, 'Na fila', '—', '—'])
    expect(cells('Identificar dispositivo')).toEqual(['Identificar dispositivo', sentAt, 'Concluído', doneAt, '—'])

    const image = await within(rowOf('Capturar tela')).findByRole('img', { name: 'Captura de tela de TV Caixa' })
    expect(image).toHaveAttribute('src', 'blob:image/png')
    const video = await within(rowOf('Gravar vídeo')).findByLabelText('Vídeo gravado de TV Caixa')
    expect(video.tagName).toBe('VIDEO')
    expect(video).toHaveAttribute('controls')
    expect(video).toHaveAttribute('src', 'blob:video/webm')
  })

  it('fetches the file with the session token, opens it at full size and revokes its URL when it goes', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === LIST_URL
        ? json({ commands: [job({ id: 'c6', operation: 'screenshot', status: 'done', hasFile: true, fileType: 'image/jpeg', completedAt: DONE_AT })] })
        : file('image/jpeg'),
    )
    const { unmount } = renderDialog()

    const thumbnail = await screen.findByRole('img', { name: 'Captura de tela de TV Caixa' })
    expect(thumbnail).toHaveAttribute('src', 'blob:image/jpeg')
    const fileCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/file'))
    expect(fileCall?.[0]).toBe('/api/display/rede-norte/loja-centro/d1/commands/c6/file')
    expect(new Headers(fileCall?.[1]?.headers).get('Authorization')).toBe('Bearer acting')
    expect(new Headers(fetchMock.mock.calls[0][1]?.headers).get('Authorization')).toBe('Bearer acting')

    await userEvent.click(screen.getByRole('button', { name: 'Ampliar captura de tela' }))
    const full = await screen.findByRole('dialog', { name: 'Captura de tela' })
    expect(within(full).getByRole('img', { name: 'Captura de tela de TV Caixa' })).toHaveAttribute('src', 'blob:image/jpeg')
    // One fetch for both pictures.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/file'))).toHaveLength(1)

    const made = createObjectURL.mock.results.map((r) => r.value)
    unmount()
    expect(revokeObjectURL.mock.calls.map(([url]) => url).sort()).toEqual(made.sort())
  })

  it("says so when the file can't be loaded", async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === LIST_URL
        ? json({ commands: [job({ id: 'c6', operation: 'screenshot', status: 'done', hasFile: true, fileType: 'image/png', completedAt: DONE_AT })] })
        : json({ statusCode: 1003, msg: 'Comando não encontrado.' }, 404),
    )
    renderDialog()
    expect(await screen.findByText('Não foi possível carregar o arquivo.')).toBeInTheDocument()
    expect(createObjectURL).not.toHaveBeenCalled()
  })

  it("asks again every 2 s while a command is 'sent' and stops when none is", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const answers = [
      [job({ id: 'c1', operation: 'identifyVersion', status: 'sent' })],
      [job({ id: 'c1', operation: 'identifyVersion', status: 'sent' })],
      [job({ id: 'c1', operation: 'identifyVersion', status: 'done', result: '2.4.1', completedAt: DONE_AT })],
    ]
    let call = 0
    fetchMock.mockImplementation(async () => json({ commands: answers[Math.min(call++, answers.length - 1)] }))
    renderDialog()

    expect(await screen.findByText('Enviado')).toBeInTheDocument()
    expect(listCalls(fetchMock)).toBe(1)
    await vi.advanceTimersByTimeAsync(2_000)
    await vi.waitFor(() => expect(listCalls(fetchMock)).toBe(2))
    await vi.advanceTimersByTimeAsync(2_000)
    expect(await screen.findByText('Versão 2.4.1')).toBeInTheDocument()
    expect(screen.getByText('Concluído')).toBeInTheDocument()
    expect(listCalls(fetchMock)).toBe(3)

    await vi.advanceTimersByTimeAsync(10_000)
    expect(listCalls(fetchMock)).toBe(3)
  })

  it('says when the TV has no commands yet', async () => {
    fetchMock.mockResolvedValue(json({ commands: [] }))
    renderDialog()
    expect(await screen.findByText('Nenhum comando enviado a este televisor.')).toBeInTheDocument()
  })
})
