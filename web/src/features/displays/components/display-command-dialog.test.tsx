import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ERROR_TITLE, errorToast, toast } from '@/hooks/use-toast'
import { createQueryClient } from '@/lib/query-client'
import { storageKeys } from '@/lib/storage'
import type { Display } from '../api/types'
import { DisplayCommandDialog } from './display-command-dialog'

vi.mock('@/hooks/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/hooks/use-toast')>()),
  errorToast: vi.fn(),
  toast: vi.fn(),
}))

const display = { id: 'd1', name: 'TV Caixa', device: 'ABC123', store: 'loja-centro' } as Display

const onSent = vi.fn()
const onOpenChange = vi.fn()

/** `client`: the app's own query client, whose error handling shows the toasts. */
function renderDialog({ franchise = 'rede-norte', client }: { franchise?: string | null; client?: QueryClient } = {}) {
  render(
    <QueryClientProvider client={client ?? new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <DisplayCommandDialog
        open
        onOpenChange={onOpenChange}
        franchise={franchise ?? undefined}
        command={{ display, operation: 'identifyDevice' }}
        onSent={onSent}
      />
    </QueryClientProvider>,
  )
  return userEvent.click(screen.getByRole('button', { name: 'Executar' }))
}

describe('remote command confirmation', () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    localStorage.clear()
  })
  afterEach(() => {
    cleanup()
    fetchMock.mockReset()
    vi.unstubAllGlobals()
    vi.mocked(errorToast).mockClear()
    vi.mocked(toast).mockClear()
    onSent.mockClear()
    onOpenChange.mockClear()
  })

  it('sends the command with the session token while an administrator acts as the user', async () => {
    localStorage.setItem(storageKeys.token, 'acting')
    localStorage.setItem(storageKeys.adminToken, 'admin')
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ commandId: 'c1' }), { status: 202 }))
    await renderDialog()
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Comando executado' })))
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe('/api/display/rede-norte/loja-centro/d1/admin-command')
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer acting')
    expect(errorToast).not.toHaveBeenCalled()
    // The page then shows the TV's results.
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(onSent).toHaveBeenCalledExactlyOnceWith(display)
  })

  it("shows the server's 'Dispositivo não conectado.' and closes when the TV's player is not connected", async () => {
    localStorage.setItem(storageKeys.token, 'acting')
    localStorage.setItem(storageKeys.adminToken, 'admin')
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ error: true, statusCode: 100124, msg: 'Dispositivo não conectado.' }), { status: 409 }))
    await renderDialog({ client: createQueryClient() })
    await vi.waitFor(() => expect(errorToast).toHaveBeenCalledExactlyOnceWith('Dispositivo não conectado.', ERROR_TITLE))
    expect(toast).not.toHaveBeenCalled()
    expect(onSent).not.toHaveBeenCalled()
    // Nothing is left to confirm: the dialog closes with the toast.
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false)
  })

  it.each([
    ["an administrator in their own session", 'admin', 'admin'],
    ['a session without an admin token', 'tok', null],
  ])("refuses %s with 'Acesso negado' without calling the server", async (_case, token, adminToken) => {
    localStorage.setItem(storageKeys.token, token)
    if (adminToken) localStorage.setItem(storageKeys.adminToken, adminToken)
    await renderDialog()
    expect(errorToast).toHaveBeenCalledExactlyOnceWith('Você não possui permissão para executar este comando.', 'Acesso negado')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("says 'Franquia não está definida.' when no franchise is selected", async () => {
    localStorage.setItem(storageKeys.token, 'acting')
    localStorage.setItem(storageKeys.adminToken, 'admin')
    await renderDialog({ franchise: null })
    expect(errorToast).toHaveBeenCalledExactlyOnceWith('Franquia não está definida.')
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
