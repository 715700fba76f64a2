import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SidebarProvider } from '@/components/ui/sidebar'
import { TooltipProvider } from '@/components/ui/tooltip'
import { createQueryClient } from '@/lib/query-client'
import { SessionProvider } from '@/lib/session'
import { storageKeys } from '@/lib/storage'
import { AppSidebar } from '../layout/app-sidebar'
import { RequireAdsCenter, RequireLibrary, RequireLibraryEditing, RequireSession } from './guards'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn(), ERROR_TITLE: 'Oops! Algo deu errado.' }))

/** What GET /api/user/detail says about the ads-center permission; an administrator may change it meanwhile. */
let viewAdsCenter = 0
/** The user's role in the group 'norte'. */
let roles: Record<string, { role: 'network' | 'franchisee' | 'store'; stores: string[]; manageTeam: boolean; approveContent?: boolean }> = {}

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input)
      if (url === '/api/user/detail') {
        const user = { id: 'u1', email: 'ana@vitrine.test', name: 'Ana', franchise: { norte: 'Norte' }, roles, permission: {}, viewAdsCenter, verified: true, createdAt: 0, updatedAt: 0 }
        return new Response(JSON.stringify({ user, serverTime: Date.now() }))
      }
      if (url === '/api/franchise') return new Response(JSON.stringify({ franchiseList: [{ slug: 'norte', name: 'Norte', createdAt: 1, updatedAt: 1, stores: 0, displays: 0 }] }))
      return new Response(JSON.stringify({ error: true, statusCode: 1403, msg: '' }), { status: 403 })
    }),
  )
}

function renderConsole(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <SessionProvider>
          <TooltipProvider>
            <SidebarProvider>
              <AppSidebar />
              <Routes>
                <Route element={<RequireSession />}>
                  <Route path="/dashboard" element={<h1>Visão Geral</h1>} />
                  <Route element={<RequireAdsCenter />}>
                    <Route path="/ads-center/*" element={<h1>Central de Anúncios</h1>} />
                  </Route>
                  <Route element={<RequireLibrary />}>
                    <Route path="/schedule" element={<h1>Programações</h1>} />
                  </Route>
                  <Route element={<RequireLibraryEditing />}>
                    <Route path="/action/*" element={<h1>Criar Programação</h1>} />
                  </Route>
                </Route>
              </Routes>
            </SidebarProvider>
          </TooltipProvider>
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const adsItem = () => screen.queryByRole('link', { name: 'CENTRAL DE ANÚNCIOS' })

describe('the ads-center permission', () => {
  beforeEach(() => {
    roles = {}
    localStorage.setItem(storageKeys.token, 'tok')
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }))
    stubServer()
  })
  afterEach(() => {
    cleanup()
    localStorage.clear()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('sends a user without it from /ads-center to /dashboard, without the sidebar item', async () => {
    viewAdsCenter = 0
    renderConsole('/ads-center/new')
    expect(await screen.findByRole('heading', { name: 'Visão Geral' })).toBeInTheDocument()
    expect(adsItem()).not.toBeInTheDocument()
  })

  it('opens the ads center for a user with it', async () => {
    viewAdsCenter = 1
    renderConsole('/ads-center')
    expect(await screen.findByRole('heading', { name: 'Central de Anúncios' })).toBeInTheDocument()
    expect(adsItem()).toHaveAttribute('href', '/ads-center')
  })

  it('follows a grant and a revocation without a new login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    viewAdsCenter = 1
    renderConsole('/ads-center')
    expect(await screen.findByRole('heading', { name: 'Central de Anúncios' })).toBeInTheDocument()

    // Revoked while the page stays open: the next check (every 5 minutes) leaves the ads center.
    viewAdsCenter = 0
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000))
    expect(await screen.findByRole('heading', { name: 'Visão Geral' })).toBeInTheDocument()
    expect(adsItem()).not.toBeInTheDocument()

    // Granted again: coming back to the window is enough for the item to come back.
    viewAdsCenter = 1
    await act(() => vi.advanceTimersByTimeAsync(31_000))
    act(() => {
      window.dispatchEvent(new Event('focus'))
    })
    await vi.waitFor(() => expect(adsItem()).toBeInTheDocument())
  })
})

describe('the role in the group', () => {
  beforeEach(() => {
    localStorage.setItem(storageKeys.token, 'tok')
    localStorage.setItem(storageKeys.franchise, 'norte')
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }))
    stubServer()
  })
  afterEach(() => {
    cleanup()
    localStorage.clear()
    vi.unstubAllGlobals()
  })
  const item = (name: string) => screen.queryByRole('link', { name })

  it('sends a store manager from Programações to Visão Geral, without the library in the menu', async () => {
    roles = { norte: { role: 'store', stores: ['centro'], manageTeam: false } }
    viewAdsCenter = 1
    renderConsole('/schedule')
    expect(await screen.findByRole('heading', { name: 'Visão Geral' })).toBeInTheDocument()
    expect(item('PROGRAMAÇÕES')).not.toBeInTheDocument()
    expect(item('MINHAS MÍDIAS')).not.toBeInTheDocument()
    expect(item('CENTRAL DE ANÚNCIOS')).not.toBeInTheDocument()
    expect(item('ATIVIDADE')).not.toBeInTheDocument()
    expect(item('ALERTAS')).toBeInTheDocument()
    // The store's local content, to read.
    expect(item('CONTEÚDO LOCAL')).toHaveAttribute('href', '/local')
    expect(item('APROVAÇÕES')).not.toBeInTheDocument()
  })

  it('lets a franchisee read Programações but not open the pages that change it', async () => {
    roles = { norte: { role: 'franchisee', stores: ['centro', 'sul'], manageTeam: false } }
    renderConsole('/schedule')
    expect(await screen.findByRole('heading', { name: 'Programações' })).toBeInTheDocument()
    expect(item('MINHAS MÍDIAS')).toBeInTheDocument()
    expect(item('ATIVIDADE')).toBeInTheDocument()
    cleanup()
    renderConsole('/action/create-schedule')
    expect(await screen.findByRole('heading', { name: 'Visão Geral' })).toBeInTheDocument()
  })

  it('opens everything to the network', async () => {
    roles = { norte: { role: 'network', stores: [], manageTeam: true } }
    viewAdsCenter = 1
    renderConsole('/action/create-schedule')
    expect(await screen.findByRole('heading', { name: 'Criar Programação' })).toBeInTheDocument()
    expect(item('CENTRAL DE ANÚNCIOS')).toBeInTheDocument()
  })

  it("shows 'Aprovações' only to a 'Rede' member holding 'Aprovar conteúdo'", async () => {
    roles = { norte: { role: 'network', stores: [], manageTeam: false, approveContent: false } }
    renderConsole('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Visão Geral' })).toBeInTheDocument()
    expect(item('CONTEÚDO LOCAL')).toBeInTheDocument()
    expect(item('APROVAÇÕES')).not.toBeInTheDocument()
    cleanup()
    roles = { norte: { role: 'franchisee', stores: ['centro'], manageTeam: false, approveContent: true } }
    renderConsole('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Visão Geral' })).toBeInTheDocument()
    expect(item('APROVAÇÕES')).not.toBeInTheDocument()
    cleanup()
    roles = { norte: { role: 'network', stores: [], manageTeam: false, approveContent: true } }
    renderConsole('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Visão Geral' })).toBeInTheDocument()
    await vi.waitFor(() => expect(item('APROVAÇÕES')).toHaveAttribute('href', '/approvals'))
  })
})
