import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { storage, storageKeys } from '@/lib/storage'
import type { InvitationView } from '../api/types'
import { InvitationPage } from './invitation-page'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn(), ERROR_TITLE: 'Oops! Algo deu errado.' }))

const session = vi.hoisted(() => ({ value: { status: 'anonymous', user: undefined } as { status: string; user?: { email: string } } }))
vi.mock('@/lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/session')>()),
  useSession: () => session.value,
}))

const view: InvitationView = { group: 'Rede Sul', email: 'ana@vitrine.test', role: 'franchisee', stores: ['centro'], account: false }

let calls: { method: string; url: string; body: unknown; auth: string | null }[]

function serve(invitation: InvitationView | null, accepted = { franchise: 'rede-sul', token: 'novo-token' }) {
  calls = []
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input)
      const method = init?.method ?? 'GET'
      const auth = new Headers(init?.headers).get('Authorization')
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined, auth })
      if (url.includes('/user/auth')) return new Response(JSON.stringify({ token: 'sessao' }))
      if (method === 'GET') {
        return invitation
          ? new Response(JSON.stringify(invitation))
          : new Response(JSON.stringify({ error: true, statusCode: 1025, msg: 'Convite não encontrado ou expirado.' }), { status: 404 })
      }
      return new Response(JSON.stringify(accepted))
    }),
  )
}

function open(code = 'c0d3') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/convite?code=${code}`]}>
        <Routes>
          <Route path="/convite" element={<InvitationPage />} />
          <Route path="/dashboard" element={<p>Painel</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  session.value = { status: 'anonymous', user: undefined }
  storage.remove(storageKeys.token)
  storage.remove(storageKeys.franchise)
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('/convite', () => {
  it('creates the account of a new person and opens the group', async () => {
    serve(view)
    open()
    expect(await screen.findByRole('heading', { name: 'Convite para Rede Sul' })).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Nome'), 'Ana Souza')
    await userEvent.type(screen.getByLabelText('Senha'), 'Senha@123')
    await userEvent.type(screen.getByLabelText('Confirmar senha'), 'Senha@123')
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta e aceitar' }))
    expect(await screen.findByText('Painel')).toBeInTheDocument()
    const accept = calls.find((c) => c.method === 'POST')!
    expect(accept.url).toMatch(/\/api\/invite\/c0d3\/accept$/)
    expect(accept.body).toEqual({ name: 'Ana Souza', auth: 'Senha@123' })
    expect(accept.auth).toBeNull()
    expect(storage.get(storageKeys.token)).toBe('novo-token')
    expect(storage.get(storageKeys.franchise)).toBe('rede-sul')
  })

  it('signs an existing account in, then accepts with its session', async () => {
    serve({ ...view, account: true }, { franchise: 'rede-sul', token: '' })
    open()
    await userEvent.type(await screen.findByLabelText('Senha'), 'Senha@123')
    await userEvent.click(screen.getByRole('button', { name: 'Entrar e aceitar' }))
    expect(await screen.findByText('Painel')).toBeInTheDocument()
    const [signIn, accept] = calls.filter((c) => c.method === 'POST')
    expect(signIn.body).toEqual({ email: 'ana@vitrine.test', auth: 'Senha@123' })
    expect(accept.auth).toBe('Bearer sessao')
  })

  it('asks someone signed in as another account to sign out first', async () => {
    serve({ ...view, account: true })
    session.value = { status: 'authenticated', user: { email: 'bruno@vitrine.test' } }
    open()
    expect(await screen.findByText(/Você está conectado como bruno@vitrine.test/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Aceitar convite' })).not.toBeInTheDocument()
  })

  it('says when the link no longer works', async () => {
    serve(null)
    open()
    expect(await screen.findByRole('alert')).toHaveTextContent('Convite não encontrado ou expirado')
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toBeInTheDocument()
  })
})
