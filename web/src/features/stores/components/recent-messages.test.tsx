import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StoreMessage } from '../api/types'
import { RecentMessages } from './recent-messages'

const at = new Date(2026, 10, 23, 14, 5).getTime()

function message(over: Partial<StoreMessage>): StoreMessage {
  return { id: 'm1', phone: '11912345678', contacts: ['Clara (Loja Norte)'], body: 'Bom dia!', status: 'pending', error: '', createdAt: at, updatedAt: at, ...over }
}

function renderList(response: Response) {
  vi.mocked(fetch).mockResolvedValue(response)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <RecentMessages franchise="rede-norte" />
    </QueryClientProvider>,
  )
}

describe('recent messages', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>())
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('lists each message with its contacts, masked phone, time, preview and status', async () => {
    renderList(
      Response.json({
        messages: [
          message({ id: 'm2', status: 'failed', error: 'Número sem WhatsApp', contacts: ['Beto (Loja Sul)', 'Beto (Loja Leste)'], phone: '1134567890' }),
          message({ status: 'read' }),
        ],
      }),
    )
    const list = await screen.findByRole('list', { name: 'Mensagens recentes' })
    expect(vi.mocked(fetch).mock.calls[0][0]).toBe('/api/store/rede-norte/notify')
    const [failed, read] = within(list).getAllByRole('listitem')
    expect(failed).toHaveTextContent('Beto (Loja Sul), Beto (Loja Leste)')
    expect(failed).toHaveTextContent('(11) 3456-7890')
    expect(within(failed).getByText('Falhou')).toBeVisible()
    expect(within(failed).getByText('Número sem WhatsApp')).toBeVisible()
    expect(within(read).getByText('Lida')).toBeVisible()
    expect(within(read).getByText('23/11/2026 às 14:05')).toHaveAttribute('datetime', new Date(at).toISOString())
    expect(read).toHaveTextContent('(11) 91234-5678')
    expect(read).not.toHaveTextContent('Número sem WhatsApp')
  })

  it('shows the phone when no contact has it any more', async () => {
    renderList(Response.json({ messages: [message({ contacts: [] })] }))
    const list = await screen.findByRole('list', { name: 'Mensagens recentes' })
    expect(within(list).getByRole('listitem')).toHaveTextContent('(11) 91234-5678')
  })

  it.each([
    ['there are no messages', () => Response.json({ messages: [] })],
    ['the list cannot be read', () => Response.json({ error: true, statusCode: 1003, msg: 'Não encontrado' }, { status: 404 })],
  ])('shows nothing when %s', async (_case, response) => {
    renderList(response())
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Mensagens recentes' })).toBeNull())
    expect(screen.queryByRole('list')).toBeNull()
  })
})
