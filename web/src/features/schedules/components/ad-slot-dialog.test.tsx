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
    expect(await screen.findByText('Duração deve ser maior do que 0')).toBeInTheDocument()
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
