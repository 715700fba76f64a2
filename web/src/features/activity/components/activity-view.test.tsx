import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { storageKeys } from '@/lib/storage'
import type { AuditPage, AuditRecord } from '../api/types'
import { ActivityView } from './activity-view'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn(), ERROR_TITLE: 'Oops! Algo deu errado.' }))

const WAIT = { timeout: 5000 }
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 })

const phoneChange: AuditRecord = {
  seq: 7,
  at: '2026-12-04T13:05:00Z',
  userId: 'u1',
  userEmail: 'nina@vitrine.test',
  kind: 'store',
  action: 'update',
  name: 'Loja Centro',
  storeId: 's1',
  storeSlug: 'loja-centro',
  storeName: 'Loja Centro',
  address: '203.0.113.9',
  requestId: 'req-1',
  changes: [
    { field: 'phone', after: '1133334444' },
    { field: 'corDoLetreiro', before: 'azul', after: 'verde' },
    { field: 'password', redacted: true },
  ],
}
const creation: AuditRecord = { seq: 3, at: '2026-12-01T10:00:00Z', kind: 'store', action: 'create', name: 'Loja Norte', storeId: 's2', changes: [] }
const byToken: AuditRecord = {
  seq: 2,
  at: '2026-12-01T09:00:00Z',
  tokenId: 't1',
  tokenName: 'Sistema de preços',
  kind: 'schedule',
  action: 'delete',
  name: 'Ofertas da semana',
  changes: [],
}
const page = (records: AuditRecord[], next: number | null): AuditPage => ({
  records,
  next,
  people: [
    { id: 'u1', email: 'nina@vitrine.test' },
    { id: 'token:t1', email: '', token: 'Sistema de preços' },
  ],
  stores: [
    { slug: 'loja-centro', name: 'Loja Centro' },
    { slug: 'loja-norte', name: 'Loja Norte' },
  ],
})

function open() {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://vitrine.test')
    return json(url.searchParams.get('before') === '7' ? page([creation, byToken], null) : page([phoneChange], 7))
  })
  vi.stubGlobal('fetch', fetchMock)
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ActivityView source={{ kind: 'group', franchise: 'rede-norte' }} title="Atividade" />
    </QueryClientProvider>,
  )
  const urls = () => fetchMock.mock.calls.map(([input]) => String(input))
  return { urls }
}

beforeEach(() => {
  localStorage.setItem(storageKeys.token, 'tok')
  // What Radix's Select asks of elements, which jsdom lacks.
  Element.prototype.hasPointerCapture ??= () => false
  Element.prototype.releasePointerCapture ??= () => {}
  Element.prototype.scrollIntoView ??= () => {}
})
afterEach(() => {
  cleanup()
  localStorage.clear()
  vi.unstubAllGlobals()
})

describe("'Atividade'", () => {
  it("lists the records newest first and fetches older ones with 'Carregar mais'", async () => {
    const { urls } = open()
    const table = await screen.findByRole('table', { name: 'Registros de atividade' })
    expect(within(table).getByText('nina@vitrine.test')).toBeInTheDocument()
    expect(within(table).getByText('Alteração')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }))
    expect(await within(table).findByText('Criação')).toBeInTheDocument()
    expect(within(table).getByText('Loja removida')).toBeInTheDocument()
    expect(within(table).getByText('Sistema')).toBeInTheDocument()
    // A change made by an API token ('Integrações') names the token.
    expect(within(table).getByText('Token: Sistema de preços')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument()
    expect(screen.getByText('3 registros')).toBeInTheDocument()
    expect(urls()).toEqual(['/api/audit/rede-norte', '/api/audit/rede-norte?before=7'])
  })

  it('opens a record to show its changes side by side, unknown fields by their own name, secrets without values', async () => {
    open()
    const toggle = await screen.findByRole('button', { name: 'Ver alterações: Alteração de Loja Centro' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const changes = screen.getByRole('table', { name: 'Alterações de Loja Centro' })
    const cells = (field: string) =>
      within(within(changes).getByRole('rowheader', { name: field }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent)
    expect(cells('Telefone')).toEqual(['—', '1133334444'])
    expect(cells('corDoLetreiro')).toEqual(['azul', 'verde'])
    expect(cells('Senha')).toEqual(['não registrado', 'não registrado'])
    expect(screen.getByText('Endereço: 203.0.113.9 · Requisição: req-1')).toBeInTheDocument()
  })

  it('asks again with the filters, and not for a period that ends before it starts', async () => {
    const { urls } = open()
    await userEvent.click(await screen.findByRole('combobox', { name: 'Loja' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Loja Norte' }))
    await vi.waitFor(() => expect(urls()).toContain('/api/audit/rede-norte?store=loja-norte'), WAIT)
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '2026-12-05' } })
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-12-01' } })
    expect(screen.getByRole('alert')).toHaveTextContent('A data inicial deve ser anterior ou igual à data final.')
    expect(urls().some((u) => u.includes('to='))).toBe(false)
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-12-06' } })
    await vi.waitFor(() => expect(urls()).toContain('/api/audit/rede-norte?store=loja-norte&from=2026-12-05&to=2026-12-06'), WAIT)
    await userEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }))
    expect(screen.getByRole('combobox', { name: 'Loja' })).toHaveTextContent('Todas as lojas')
  })

  it("offers the group's API tokens in the person filter, by name", async () => {
    const { urls } = open()
    await userEvent.click(await screen.findByRole('combobox', { name: 'Pessoa' }))
    expect(await screen.findByRole('option', { name: 'nina@vitrine.test' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('option', { name: 'Token: Sistema de preços' }))
    await vi.waitFor(() => expect(urls()).toContain('/api/audit/rede-norte?person=token%3At1'), WAIT)
    expect(screen.getByRole('combobox', { name: 'Pessoa' })).toHaveTextContent('Token: Sistema de preços')
  })
})
