import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@/hooks/use-toast'
import { createQueryClient } from '@/lib/query-client'
import type { SessionContextValue } from '@/lib/session'
import { storageKeys } from '@/lib/storage'
import type { ApiToken, TokenList } from '../api/types'
import { IntegrationsPage } from './integrations-page'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn(), ERROR_TITLE: 'Oops! Algo deu errado.' }))

const session = vi.hoisted(() => ({
  manager: true,
}))

vi.mock('@/lib/session', async (importOriginal) => {
  const value = () =>
    ({
      status: 'authenticated',
      user: {
        id: 'u1',
        email: 'nina@vitrine.test',
        name: 'Nina',
        roles: { rede: { role: 'network', stores: [], manageTeam: session.manager, approveContent: false } },
        permission: {},
      },
      franchise: { slug: 'rede', name: 'Rede Sul', timeZone: 'America/Sao_Paulo' },
      franchises: [],
      abilities: {},
    }) as unknown as SessionContextValue
  return { ...(await importOriginal<typeof import('@/lib/session')>()), useSession: value }
})

const WAIT = { timeout: 5000 }
const DAY = 24 * 60 * 60 * 1000
const now = Date.now()

const precos: ApiToken = {
  id: 't1',
  name: 'Sistema de preços',
  prefix: 'vit_AbCd',
  scopes: ['read', 'media', 'schedules'],
  stores: [],
  createdBy: 'nina@vitrine.test',
  createdAt: now - DAY,
  expiresAt: now + 89 * DAY,
  lastUsedAt: 0,
}
const caixa: ApiToken = {
  ...precos,
  id: 't2',
  name: 'Caixa Centro',
  prefix: 'vit_WxYz',
  scopes: ['displays'],
  stores: [{ slug: 'centro', name: 'Loja Centro' }],
  expiresAt: now - DAY,
  lastUsedAt: now - 60_000,
}
const list = (tokens: ApiToken[]): TokenList => ({
  tokens,
  stores: [
    { slug: 'centro', name: 'Loja Centro' },
    { slug: 'norte', name: 'Loja Norte' },
  ],
  scopes: ['read', 'media', 'schedules', 'displays', 'overrides', 'ads'],
  limits: { defaultDays: 90, maxDays: 365, callsPerMinute: 600 },
})

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>
let tokens: ApiToken[]

beforeEach(() => {
  session.manager = true
  tokens = [caixa, precos]
  localStorage.setItem(storageKeys.token, 'tok')
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const method = init?.method ?? 'GET'
    if (method === 'POST') {
      const sent = JSON.parse(String(init?.body))
      const token: ApiToken = { ...precos, id: 't3', name: sent.name, scopes: sent.scopes, prefix: 'vit_Novo', createdAt: now, expiresAt: now + sent.days * DAY }
      tokens = [token, ...tokens]
      return new Response(JSON.stringify({ token, secret: 'vit_NovoSegredoDeTeste0123456789abcdefghijklmn' }), { status: 201 })
    }
    if (method === 'DELETE') {
      const id = String(input).split('/').pop()
      tokens = tokens.filter((t) => t.id !== id)
      return new Response(JSON.stringify({ ok: true }))
    }
    return new Response(JSON.stringify(list(tokens)))
  })
  vi.stubGlobal('fetch', fetchMock)
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
  Element.prototype.hasPointerCapture ??= () => false
  Element.prototype.releasePointerCapture ??= () => {}
  Element.prototype.scrollIntoView ??= () => {}
})

afterEach(() => {
  cleanup()
  localStorage.clear()
  vi.unstubAllGlobals()
  vi.mocked(toast).mockClear()
})

function open() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntegrationsPage />
    </QueryClientProvider>,
  )
  const calls = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method)
  return { calls }
}

describe("'Integrações'", () => {
  it('lists the tokens with their scopes, stores, creator, expiry and last use', async () => {
    open()
    const table = await screen.findByRole('table', { name: 'Tokens' }, WAIT)
    const row = (name: string) => within(within(table).getByText(name).closest('tr')!)
    expect(await within(table).findByText('Sistema de preços', undefined, WAIT)).toBeInTheDocument()
    expect(row('Sistema de preços').getByText('Leitura')).toBeInTheDocument()
    expect(row('Sistema de preços').getByText('Envio de mídias')).toBeInTheDocument()
    expect(row('Sistema de preços').getByText('Programações')).toBeInTheDocument()
    expect(row('Sistema de preços').getByText('Todas')).toBeInTheDocument()
    expect(row('Sistema de preços').getByText('Nunca usado')).toBeInTheDocument()
    expect(row('Sistema de preços').getByText('por nina@vitrine.test')).toBeInTheDocument()
    expect(row('Caixa Centro').getByText('TVs e vínculos')).toBeInTheDocument()
    expect(row('Caixa Centro').getByText('Loja Centro')).toBeInTheDocument()
    expect(row('Caixa Centro').getByText(/^Expirado em/)).toBeInTheDocument()
    expect(row('Caixa Centro').queryByText('Nunca usado')).not.toBeInTheDocument()
    expect(screen.getByText(/até 600 chamadas por minuto/)).toBeInTheDocument()
  })

  it('creates a token and shows it once, with a warning and a copy button', async () => {
    const { calls } = open()
    await screen.findByText('Sistema de preços', undefined, WAIT)
    await userEvent.click(screen.getByRole('button', { name: 'Novo token' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo token' })
    // Nothing chosen: the form says what is missing and sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar token' }))
    expect(within(dialog).getByText('Digite um nome.')).toBeInTheDocument()
    expect(within(dialog).getByText('Escolha ao menos uma permissão.')).toBeInTheDocument()
    expect(calls('POST')).toHaveLength(0)

    await userEvent.type(within(dialog).getByLabelText('Nome'), 'ERP')
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Programações' }))
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Leitura' }))
    const days = within(dialog).getByLabelText('Validade (dias)')
    expect(days).toHaveValue(90)
    await userEvent.clear(days)
    await userEvent.type(days, '400')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar token' }))
    expect(within(dialog).getByText('A validade deve ser de 1 a 365 dias.')).toBeInTheDocument()
    await userEvent.clear(days)
    await userEvent.type(days, '30')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar token' }))

    const shown = await screen.findByRole('dialog', { name: 'Token criado' }, WAIT)
    expect(JSON.parse(String(calls('POST')[0][1]?.body))).toEqual({ name: 'ERP', scopes: ['read', 'schedules'], stores: [], days: 30 })
    expect(within(shown).getByLabelText('Token')).toHaveValue('vit_NovoSegredoDeTeste0123456789abcdefghijklmn')
    expect(within(shown).getByRole('alert')).toHaveTextContent('Este token não será mostrado de novo.')
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await userEvent.click(within(shown).getByRole('button', { name: 'Copiar' }))
    expect(writeText).toHaveBeenCalledWith('vit_NovoSegredoDeTeste0123456789abcdefghijklmn')
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Token copiado' }))
    await userEvent.click(within(shown).getByRole('button', { name: 'Concluir' }))
    // Listed, never with its secret.
    expect(await screen.findByText('ERP', undefined, WAIT)).toBeInTheDocument()
    expect(screen.queryByDisplayValue(/vit_NovoSegredo/)).not.toBeInTheDocument()
  })

  it("revokes a token after 'Revogar' is confirmed", async () => {
    const { calls } = open()
    await screen.findByText('Caixa Centro', undefined, WAIT)
    await userEvent.click(screen.getByRole('button', { name: 'Revogar o token Caixa Centro' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Revogar token' })
    expect(confirm).toHaveTextContent('perde o acesso na hora')
    expect(calls('DELETE')).toHaveLength(0)
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revogar' }))
    await vi.waitFor(() => expect(screen.queryByText('Caixa Centro')).not.toBeInTheDocument(), WAIT)
    expect(String(calls('DELETE')[0][0])).toBe('/api/tokens/rede/t2')
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Token revogado' }))
  })

  it('tells a member who does not manage the team that the page is not theirs, and asks nothing', async () => {
    session.manager = false
    const { calls } = open()
    expect(await screen.findByRole('status')).toHaveTextContent('Você não tem permissão para gerenciar as integrações deste grupo.')
    expect(calls('GET')).toHaveLength(0)
  })
})
