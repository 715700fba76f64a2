import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@/hooks/use-toast'
import type { ScheduleEntry } from '../api/types'
import { testEntry } from '../test-entries'
import { LocalSpaceDialog, type LocalSpaceTarget } from './local-space-dialog'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn() }))

const TZ = 'America/Sao_Paulo'
const library = {
  folderMap: { id: 'root', name: 'Mídias', folders: [], media: [{ id: 'm9', name: 'Promo da rede', type: 'image' }] },
}
const space: ScheduleEntry = {
  id: 'sp1',
  name: 'Vitrine da loja',
  displayTime: 20,
  dok: 127,
  enabled: true,
  stretch: false,
  timeGap: ['08:00@12:00'],
  volume: 0,
  isLocal: true,
  localTime: 20,
  localFallbackMediaId: 'm9',
}

function renderDialog(target: LocalSpaceTarget) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <LocalSpaceDialog open onOpenChange={() => {}} franchise="rede-norte" timeZone={TZ} scheduleId="s1" target={target} />
    </QueryClientProvider>,
  )
}

describe("'Adicionar espaço local'", () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    // jsdom has no ResizeObserver; the checkbox measures itself with one.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    )
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/media/') ? new Response(JSON.stringify(library)) : new Response(JSON.stringify({ schedule: { id: 's1' } })),
    )
  })
  afterEach(() => {
    cleanup()
    fetchMock.mockReset()
    vi.unstubAllGlobals()
    vi.mocked(toast).mockClear()
  })

  const saved = () => {
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/schedule/rede-norte/s1')
    return JSON.parse(String(call?.[1]?.body))
  }

  it("starts named 'Espaço local', focused on its name, and refuses 4 seconds per item without calling the server", async () => {
    renderDialog({ entries: [testEntry('m1')], hash: 'h1' })
    expect(screen.getByRole('heading', { name: 'Adicionar espaço local' })).toBeInTheDocument()
    expect(screen.getByLabelText('Nome')).toHaveValue('Espaço local')
    await vi.waitFor(() => expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement))
    const seconds = screen.getByLabelText('Duração de cada item (segundos)')
    await userEvent.clear(seconds)
    await userEvent.type(seconds, '4')
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }))
    expect(await screen.findByText('A duração deve ficar entre 5 e 300 segundos.')).toBeInTheDocument()
    expect(seconds).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('saves the list with the new space first, its seconds and its weekdays', async () => {
    renderDialog({ entries: [testEntry('m1')], hash: 'h1' })
    const seconds = screen.getByLabelText('Duração de cada item (segundos)')
    await userEvent.clear(seconds)
    await userEvent.type(seconds, '15')
    await userEvent.click(screen.getByRole('button', { name: 'Domingo' }))
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Programação atualizada.' })))
    const body = saved()
    expect(body.hash).toBe('h1')
    expect(body.media[0]).toEqual({ name: 'Espaço local', isLocal: true, localTime: 15, displayTime: 15, dok: 126, enabled: true, stretch: false, timeGap: [], volume: 0 })
    expect(body.media[1].id).toBe('m1')
  })

  it('refuses a space with no weekday', async () => {
    renderDialog({ entries: [], hash: 'h1' })
    for (const day of ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado']) await userEvent.click(screen.getByRole('button', { name: day }))
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }))
    expect(await screen.findByText('Selecione pelo menos um dia da semana.')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

describe("'Editar' on a local space's row", () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    )
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/media/') ? new Response(JSON.stringify(library)) : new Response(JSON.stringify({ schedule: { id: 's1' } })),
    )
  })
  afterEach(() => {
    cleanup()
    fetchMock.mockReset()
    vi.unstubAllGlobals()
  })

  it("opens with the space's values and its fallback named from the library, and saves it in place without the fallback removed", async () => {
    renderDialog({ entries: [testEntry('m1'), space], hash: 'h2', index: 1 })
    expect(screen.getByRole('heading', { name: 'Editar espaço local' })).toBeInTheDocument()
    expect(screen.getByLabelText('Nome')).toHaveValue('Vitrine da loja')
    expect(screen.getByLabelText('Duração de cada item (segundos)')).toHaveValue('20')
    expect(screen.getByRole('list', { name: 'Faixas de horário' })).toHaveTextContent('08:00 às 12:00')
    await userEvent.click(await screen.findByRole('button', { name: 'Remover Promo da rede' }))
    expect(screen.getByText('Nenhuma: onde a loja não tem itens, o espaço é pulado.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/schedule/rede-norte/s1')).toBe(true))
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/schedule/rede-norte/s1')
    const body = JSON.parse(String(call?.[1]?.body))
    expect(body.hash).toBe('h2')
    expect(body.media[0].id).toBe('m1')
    expect(body.media[1]).toEqual({
      id: 'sp1',
      name: 'Vitrine da loja',
      isLocal: true,
      localTime: 20,
      displayTime: 20,
      dok: 127,
      enabled: true,
      stretch: false,
      timeGap: ['08:00@12:00'],
      volume: 0,
    })
  })
})
