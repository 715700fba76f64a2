import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Franchise } from '@/lib/session'
import { GroupDialog } from './group-dialog'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn() }))

const group = {
  slug: 'rede-norte',
  name: 'Rede Norte',
  document: '',
  localWithoutApproval: false,
} as unknown as Franchise

function renderDialog(edited: Franchise) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <GroupDialog open onOpenChange={() => {}} group={edited} />
    </QueryClientProvider>,
  )
}

describe("'Editar Grupo': 'Publicar conteúdo local sem aprovação'", () => {
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
  })
  afterEach(() => {
    cleanup()
    fetchMock.mockReset()
    vi.unstubAllGlobals()
  })

  it("shows the group's setting with its help text and sends it when ticked", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ franchise: { ...group, localWithoutApproval: true } }), { status: 200 }))
    renderDialog(group)
    const box = screen.getByRole('checkbox', { name: 'Publicar conteúdo local sem aprovação' })
    expect(box).not.toBeChecked()
    expect(box).toHaveAccessibleDescription('O conteúdo que as lojas enviam para os espaços locais passa a tocar sem aprovação da rede.')
    await userEvent.click(box)
    expect(box).toBeChecked()
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled())
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe('/api/franchise/rede-norte')
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Rede Norte', document: '', localWithoutApproval: true })
  })

  it('opens ticked when the group publishes without approval, and unticks with the keyboard', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ franchise: group }), { status: 200 }))
    renderDialog({ ...group, localWithoutApproval: true })
    const box = screen.getByRole('checkbox', { name: 'Publicar conteúdo local sem aprovação' })
    expect(box).toBeChecked()
    box.focus()
    await userEvent.keyboard(' ')
    expect(box).not.toBeChecked()
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body)).localWithoutApproval).toBe(false)
  })
})
