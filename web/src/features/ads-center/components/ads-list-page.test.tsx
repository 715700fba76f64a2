import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@/hooks/use-toast'
import { advertise, json, renderAt, stubApi, WAIT } from '../test-utils'
import { AdsListPage, SEARCH_DEBOUNCE_MS } from './ads-list-page'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn(), ERROR_TITLE: 'Oops! Algo deu errado.' }))
vi.mock('@/lib/session', async (importOriginal) => {
  const { testSession } = await import('../test-utils')
  return { ...(await importOriginal<typeof import('@/lib/session')>()), useSession: () => testSession }
})

const LIST = 'GET /api/advertise/rede-norte'
const ads = [advertise({ id: 'a1', name: 'Promoção de Verão' }), advertise({ id: 'a2', name: 'Black Friday', displays: 5 })]

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Anúncios' }))
    .queryAllByRole('link', { name: /^(?!Editar)/ })
    .map((link) => link.textContent)

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.mocked(toast).mockClear()
})

describe("'Central de Anúncios'", () => {
  it("shows the tabs with only 'Em veiculação' active, and the empty text", async () => {
    stubApi({ [LIST]: () => json({ advertises: [] }) })
    renderAt(<AdsListPage />, '/ads-center')
    expect(await screen.findByText('Nenhum anúncio cadastrado.')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Em veiculação' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: 'À veicular' })).toBeDisabled()
    expect(screen.getByRole('tab', { name: 'Pausadas' })).toBeDisabled()
  })

  it('filters by name only once the typing stopped for 500 ms', async () => {
    stubApi({ [LIST]: () => json({ advertises: ads }) })
    renderAt(<AdsListPage />, '/ads-center')
    await screen.findByText('Black Friday')
    vi.useFakeTimers()
    fireEvent.change(screen.getByLabelText('Filtrar anúncios pelo nome'), { target: { value: 'verao' } })
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1))
    expect(rowNames()).toEqual(['Black Friday', 'Promoção de Verão'])
    act(() => vi.advanceTimersByTime(1))
    expect(rowNames()).toEqual(['Promoção de Verão'])
  })

  it("'New Ad' asks for the name and the duration, then opens the calendar with them", async () => {
    stubApi({ [LIST]: () => json({ advertises: [] }) })
    renderAt(<AdsListPage />, '/ads-center')
    await userEvent.click(screen.getByRole('button', { name: 'New Ad' }))
    // The dialogs' chunk comes after the rows: the first one opens once it is there.
    const dialog = await screen.findByRole('dialog', { name: 'Novo Anúncio' }, WAIT)
    await userEvent.type(within(dialog).getByLabelText('Duração (em seg.)'), '0')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }))
    expect(within(dialog).getByText('Campo obrigatório')).toBeInTheDocument()
    expect(within(dialog).getByText('Duração deve ser maior do que 0')).toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText('Nome do anúncio'), 'Natal')
    await userEvent.clear(within(dialog).getByLabelText('Duração (em seg.)'))
    await userEvent.type(within(dialog).getByLabelText('Duração (em seg.)'), '20')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }))
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ads-center/new?name=Natal&duration=20'), WAIT)
  })

  it('deletes an advertisement after confirmation', async () => {
    let deleted = false
    stubApi({
      [LIST]: () => json({ advertises: deleted ? ads.slice(1) : ads }),
      'DELETE /api/advertise/rede-norte/a1': () => {
        deleted = true
        return json({ ok: true })
      },
    })
    renderAt(<AdsListPage />, '/ads-center')
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir Promoção de Verão' }))
    await userEvent.click(within(await screen.findByRole('alertdialog', {}, WAIT)).getByRole('button', { name: 'Excluir' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Anúncio excluído' }), WAIT)
    await vi.waitFor(() => expect(rowNames()).toEqual(['Black Friday']), WAIT)
    expect(screen.getByRole('link', { name: 'Editar Black Friday' })).toHaveAttribute('href', '/ads-center/a2')
  })
})
