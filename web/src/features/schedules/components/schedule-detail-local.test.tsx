import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionContextValue } from '@/lib/session'
import type { Schedule, ScheduleEntry } from '../api/types'
import { testEntry } from '../test-entries'
import { ScheduleDetailPage } from './schedule-detail-page'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn() }))
vi.mock('@/lib/session', async (importOriginal) => {
  const session = {
    status: 'authenticated',
    user: { id: 'u1', email: 'ana@vitrine.test', name: 'Ana', canUseAdsCenter: false },
    franchise: { slug: 'rede-norte', name: 'Rede Norte', timeZone: 'America/Sao_Paulo' },
    franchises: [],
    isImpersonating: false,
    abilities: { editLibrary: true, manageTVs: false },
  } as unknown as SessionContextValue
  return { ...(await importOriginal<typeof import('@/lib/session')>()), useSession: () => session }
})

const local = (id: string, name: string, extra: Partial<ScheduleEntry> = {}): ScheduleEntry => ({
  id,
  name,
  displayTime: 20,
  dok: 127,
  enabled: true,
  stretch: false,
  timeGap: [],
  volume: 0,
  isLocal: true,
  localTime: 20,
  ...extra,
})

const media = [testEntry('m1', { name: 'Promo' }), local('sp1', 'Vitrine da loja', { localFallbackMediaId: 'm9' }), local('sp2', 'Balcão')]
const schedule = {
  id: 's1',
  name: 'Manhã',
  media,
  duration: 50,
  localFill: { sp1: 3, sp2: 0 },
  localStores: 3,
  displays: 0,
  hash: 'h1',
  tags: [],
  bottomBar: null,
  forFranchisees: false,
  franchise: 'rede-norte',
  createdAt: 0,
  updatedAt: 0,
} as Schedule
const library = { folderMap: { id: 'root', name: 'Mídias', folders: [], media: [{ id: 'm9', name: 'Promo da rede', type: 'image' }] } }

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input)
    if (url.startsWith('/api/media/')) return new Response(JSON.stringify(library))
    if (url.startsWith('/api/schedule/rede-norte/s1?fullMedia')) return new Response(JSON.stringify({ schedule, media }))
    if (init?.method && init.method !== 'GET') return new Response(JSON.stringify({ schedule }))
    return new Response('{}', { status: 404 })
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
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderPage() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/schedule/s1']}>
        <Routes>
          <Route path="/schedule/:scheduleId" element={<ScheduleDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET')

describe("a schedule's local spaces", () => {
  it("lists a space as 'Espaço local' with its seconds per item and its fallback", async () => {
    renderPage()
    const table = await screen.findByRole('table', { name: 'Mídias da programação' })
    const row = within(table).getByText('Vitrine da loja').closest('tr') as HTMLElement
    expect(row).toHaveTextContent('Espaço local')
    expect(row).toHaveTextContent('20s por item')
    expect(await within(row).findByText('Mídia reserva: Promo da rede')).toBeInTheDocument()
    const other = within(table).getByText('Balcão').closest('tr') as HTMLElement
    expect(other).toHaveTextContent('Sem mídia reserva')
    expect(screen.getByRole('button', { name: 'Adicionar espaço local' })).toBeInTheDocument()
  })

  it('asks before deleting a space 3 stores fill, naming them, and deletes it on Excluir', async () => {
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir Vitrine da loja' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir espaço local?' })
    expect(dialog).toHaveTextContent('Este espaço tem conteúdo de 3 lojas. Excluir o espaço apaga esse conteúdo.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(writes()).toHaveLength(0)
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Vitrine da loja' }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }))
    await vi.waitFor(() => expect(writes()).toHaveLength(1))
    expect(String(writes()[0][0])).toBe('/api/schedule/rede-norte/s1/1?hash=h1')
  })

  it('names the stores whose local content goes with the schedule before deleting it', async () => {
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir programação' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir programação?' })
    expect(dialog).toHaveTextContent(
      'Os espaços locais desta programação têm conteúdo de 3 lojas. Excluir a programação apaga esse conteúdo. Após confirmar, a ação não poderá ser desfeita.',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(writes()).toHaveLength(0)
  })

  it('warns when the selection deleted holds a filled space, and not for an empty one', async () => {
    renderPage()
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Selecionar Balcão' }))
    await userEvent.click(screen.getByRole('button', { name: 'Excluir mídia(s) selecionadas' }))
    expect(await screen.findByRole('alertdialog')).not.toHaveTextContent('lojas')
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar Vitrine da loja' }))
    await userEvent.click(screen.getByRole('button', { name: 'Excluir mídia(s) selecionadas' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Este espaço tem conteúdo de 3 lojas. Excluir o espaço apaga esse conteúdo.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }))
    await vi.waitFor(() => expect(writes()).toHaveLength(1))
    expect(JSON.parse(String(writes()[0][1]?.body)).media.map((e: { id: string }) => e.id)).toEqual(['m1'])
  })
})
