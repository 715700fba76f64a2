import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@/hooks/use-toast'
import { AdSlotDialog } from './ad-slot-dialog'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn() }))

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <AdSlotDialog open onOpenChange={() => {}} franchise="rede-norte" scheduleId="s1" />
    </QueryClientProvider>,
  )
}

describe("'Adicionar vaga para anúncios'", () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => vi.stubGlobal('fetch', fetchMock))
  afterEach(() => {
    cleanup()
    fetchMock.mockReset()
    vi.unstubAllGlobals()
    vi.mocked(toast).mockClear()
  })

  it('starts with a duration of 10 and refuses a duration of 0 without calling the server', async () => {
    renderDialog()
    expect(screen.getByLabelText('Duração (em seg.)')).toHaveValue('10')
    await userEvent.clear(screen.getByLabelText('Duração (em seg.)'))
    await userEvent.type(screen.getByLabelText('Duração (em seg.)'), '0')
    await userEvent.clear(screen.getByLabelText('Quantidade'))
    await userEvent.type(screen.getByLabelText('Quantidade'), 'x')
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }))
    expect(await screen.findByText('A duração de cada anúncio da vaga deve ser um número inteiro de 1 a 3600 segundos.')).toBeInTheDocument()
    expect(screen.getByText('Campo deve ser um número válido')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('posts quantity and duration to the slot endpoint', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ schedule: { id: 's1' } }), { status: 200 }))
    renderDialog()
    await userEvent.clear(screen.getByLabelText('Quantidade'))
    await userEvent.type(screen.getByLabelText('Quantidade'), '3')
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Programação atualizada.' })))
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe('/api/schedule/rede-norte/s1/slot')
    expect(JSON.parse(String(init?.body))).toEqual({ quantity: 3, duration: 10 })
  })
})

describe("'Editar' on a slot row", () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => vi.stubGlobal('fetch', fetchMock))
  afterEach(() => {
    cleanup()
    fetchMock.mockReset()
    vi.unstubAllGlobals()
  })

  const entries = [
    { id: 'm1', name: 'Promo', type: 'image' as const, displayTime: 10, dok: 127, enabled: true, stretch: false, timeGap: [], volume: 0 },
    { id: 'slot-1', name: 'Slot', displayTime: 30, dok: 127, enabled: true, stretch: false, timeGap: [], volume: 0, isAd: true, adSlots: 3, adTime: 10 },
  ]

  function renderEdit() {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <AdSlotDialog open onOpenChange={() => {}} franchise="rede-norte" scheduleId="s1" editing={{ entries, hash: 'h1', index: 1 }} />
      </QueryClientProvider>,
    )
  }

  it("opens with the slot's values, refuses 1.5 positions naming the field, and saves the list with the slot changed", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ schedule: { id: 's1' } }), { status: 200 }))
    renderEdit()
    expect(screen.getByRole('heading', { name: 'Editar vaga para anúncios' })).toBeInTheDocument()
    expect(screen.getByLabelText('Quantidade')).toHaveValue('3')
    await userEvent.clear(screen.getByLabelText('Quantidade'))
    await userEvent.type(screen.getByLabelText('Quantidade'), '1.5')
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('A quantidade de anúncios da vaga deve ser um número inteiro de 1 a 100.')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
    await userEvent.clear(screen.getByLabelText('Quantidade'))
    await userEvent.type(screen.getByLabelText('Quantidade'), '2')
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled())
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe('/api/schedule/rede-norte/s1')
    const body = JSON.parse(String(init?.body))
    expect(body.hash).toBe('h1')
    expect(body.media[1]).toEqual({ id: 'slot-1', name: 'Slot', dok: 127, enabled: true, stretch: false, timeGap: [], volume: 0, isAd: true, adSlots: 2, adTime: 10 })
    expect(body.media[0].id).toBe('m1')
  })
})
