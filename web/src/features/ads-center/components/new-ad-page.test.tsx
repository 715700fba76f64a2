import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorToast, toast } from '@/hooks/use-toast'
import { dayEndMs, dayStartMs, dayText } from '../calendar'
import { adMap, bodyOf, json, mapDays as days, mapScreen, renderAt, stubApi, WAIT } from '../test-utils'
import { NewAdPage } from './new-ad-page'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn(), ERROR_TITLE: 'Oops! Algo deu errado.' }))
vi.mock('@/lib/session', async (importOriginal) => {
  const { testSession } = await import('../test-utils')
  return { ...(await importOriginal<typeof import('@/lib/session')>()), useSession: () => testSession }
})

const SP = 'America/Sao_Paulo'
const MAP = 'GET /api/advertise/rede-norte/map'
const PATH = '/ads-center/new?name=Promo%C3%A7%C3%A3o&duration=15'

const cell = (name: string, day: string) => screen.getAllByRole('button').find((b) => b.dataset.day === day && b.getAttribute('aria-label')?.startsWith(`${name},`))!

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.mocked(toast).mockClear()
  vi.mocked(errorToast).mockClear()
})

describe("'Novo Anúncio'", () => {
  it("shows each day as 'Disponível' or 'Indisponível'; an unavailable day cannot be picked", async () => {
    stubApi({
      [MAP]: () =>
        json(adMap([mapScreen('tv1', 'Centro TV 1', { [days[1]]: { '00:00@23:59': '0.2' }, [days[2]]: { '08:00@12:00': '0.1', '12:00@18:00': '1.1' } })])),
    })
    renderAt(<NewAdPage />, PATH, '/ads-center/new')
    await screen.findByRole('grid', { name: 'Disponibilidade das telas por dia' })
    expect(cell('Centro TV 1', days[0])).toHaveTextContent('Disponível')
    expect(cell('Centro TV 1', days[0])).toBeEnabled()
    expect(cell('Centro TV 1', days[1])).toHaveTextContent('Indisponível')
    expect(cell('Centro TV 1', days[1])).toBeDisabled()
    expect(cell('Centro TV 1', days[2])).toHaveTextContent('Disponível')

    await userEvent.click(cell('Centro TV 1', days[1]))
    expect(within(screen.getByLabelText('Seleção')).getByText('Clique em um dia disponível para começar.')).toBeInTheDocument()
  })

  it("says the days follow each store's zone when the screens shown span zones, and names each screen's zone", async () => {
    const zoneNote = /Os dias seguem o fuso de cada loja/
    stubApi({ [MAP]: () => json(adMap([mapScreen('tv1', 'Centro TV 1'), mapScreen('tv2', 'Acre TV 1', {}, undefined, 'America/Rio_Branco')])) })
    renderAt(<NewAdPage />, PATH, '/ads-center/new')
    await screen.findByRole('grid', { name: 'Disponibilidade das telas por dia' })
    expect(screen.getByText(zoneNote)).toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: /Acre TV 1/ })).toHaveTextContent('Rio Branco (UTC−5)')
    cleanup()

    stubApi({ [MAP]: () => json(adMap([mapScreen('tv1', 'Centro TV 1'), mapScreen('tv3', 'Centro TV 2')])) })
    renderAt(<NewAdPage />, PATH, '/ads-center/new')
    await screen.findByRole('grid', { name: 'Disponibilidade das telas por dia' })
    expect(screen.queryByText(zoneNote)).not.toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: /Centro TV 1/ })).not.toHaveTextContent('Brasília')
  })

  it('draws only the cells in view of 200 screens × 6 months', async () => {
    const screens = Array.from({ length: 200 }, (_v, i) => mapScreen(`tv${i}`, `TV ${i}`))
    stubApi({ [MAP]: () => json(adMap(screens)) })
    renderAt(<NewAdPage />, PATH, '/ads-center/new')
    const grid = await screen.findByRole('grid')
    expect(grid).toHaveAttribute('aria-rowcount', '201')
    expect(grid).toHaveAttribute('aria-colcount', '184')
    const drawn = within(grid).getAllByRole('gridcell').length
    expect(drawn).toBeGreaterThan(50)
    expect(drawn).toBeLessThan(600)
  })

  it('books the chosen period on the chosen screen in the slot that is free, then opens the ad', async () => {
    const morning = { slotId: 'slot-am', keys: ['08:00@12:00'], adSlots: 1, adTime: 30 }
    const allDay = { slotId: 'slot-day', keys: ['00:00@23:59'], adSlots: 2, adTime: 20 }
    const fetchMock = stubApi({
      [MAP]: () => json(adMap([mapScreen('tv1', 'Centro TV 1'), mapScreen('tv2', 'Centro TV 2', { [days[4]]: { '08:00@12:00': '0.1', '00:00@23:59': '2.2' } }, [morning, allDay])])),
      'POST /api/advertise/rede-norte': () => json({ advertise: { id: 'ad-9' } }, 201),
    })
    renderAt(<NewAdPage />, PATH, '/ads-center/new')
    await screen.findByRole('grid')

    await userEvent.click(cell('Centro TV 1', days[2]))
    // Another screen restarts the selection there; the end may come before the start.
    await userEvent.click(cell('Centro TV 2', days[6]))
    await userEvent.click(cell('Centro TV 2', days[3]))
    const panel = screen.getByLabelText('Seleção')
    expect(within(panel).getByText('Centro TV 2')).toBeInTheDocument()
    expect(cell('Centro TV 2', days[5])).toHaveAttribute('data-part', 'between')

    await userEvent.click(within(panel).getByRole('button', { name: 'Continuar' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Anúncio criado' }), WAIT)
    expect(bodyOf(fetchMock, 'POST', '/api/advertise/rede-norte')).toEqual({
      name: 'Promoção',
      displayTime: 15,
      startAt: dayStartMs(days[3], SP),
      endsAt: dayEndMs(days[6], SP),
      // The morning slot is full on one of the days: the all-day one is taken.
      displays: [{ displayId: 'tv2', slotId: 'slot-day', scheduleId: 'sched-tv2', storeSlug: 'loja-centro' }],
    })
    // The navigation renders in a transition, after the toast.
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ads-center/ad-9'), WAIT)
  })

  it('tells screens of the same name apart by their store, and stops a period at the first unavailable day', async () => {
    const fetchMock = stubApi({
      [MAP]: () =>
        json(
          adMap([
            { ...mapScreen('tv1', 'Caixa 1', { [days[3]]: { '00:00@23:59': '0.1' } }), storeName: 'Loja Centro' },
            { ...mapScreen('tv2', 'Caixa 1'), storeId: 'loja-praca', storeName: 'Loja Praça' },
          ]),
        ),
    })
    renderAt(<NewAdPage />, PATH, '/ads-center/new')
    const grid = await screen.findByRole('grid')
    const rows = within(grid).getAllByRole('rowheader')
    expect(rows.map((row) => row.textContent)).toEqual(['Caixa 1Loja Centro', 'Caixa 1Loja Praça'])
    expect(rows[0]).toHaveAttribute('title', 'Caixa 1 · Loja Centro')
    const centro = (day: string) => within(grid).getByRole('button', { name: new RegExp(`^Caixa 1, Loja Centro, .* ${dayText(day)}:`) })

    // From day 1 towards day 6: day 3 is full, so the period ends on day 2.
    await userEvent.click(centro(days[1]))
    await userEvent.click(centro(days[6]))
    const panel = screen.getByLabelText('Seleção')
    expect(within(panel).getByText(dayText(days[1]))).toBeInTheDocument()
    expect(within(panel).getByText(dayText(days[2]))).toBeInTheDocument()
    expect(within(panel).getByText('Loja Centro')).toBeInTheDocument()
    expect(within(panel).getByRole('status')).toHaveTextContent(`O período para em ${dayText(days[2])}: ${dayText(days[3])} está indisponível nesta tela.`)
    expect(centro(days[2])).toHaveAttribute('data-part', 'end')
    expect(centro(days[4])).not.toHaveAttribute('data-part')
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it('shows the refusal when someone took the last position first, reads the map again and clears the choice', async () => {
    let booked = false
    const fetchMock = stubApi({
      [MAP]: () => json(adMap([mapScreen('tv1', 'Centro TV 1', booked ? { [days[1]]: { '00:00@23:59': '0.1' } } : {})])),
      'POST /api/advertise/rede-norte': () => {
        booked = true
        return json({ error: true, statusCode: 100142, msg: 'Não há mais vagas disponíveis na TV Centro TV 1 no dia 01/01/2030.' }, 409)
      },
    })
    renderAt(<NewAdPage />, PATH, '/ads-center/new')
    await screen.findByRole('grid')
    await userEvent.click(cell('Centro TV 1', days[0]))
    await userEvent.click(cell('Centro TV 1', days[2]))
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }))
    await vi.waitFor(() => expect(errorToast).toHaveBeenCalledWith('Não há mais vagas disponíveis na TV Centro TV 1 no dia 01/01/2030.', 'Oops! Algo deu errado.'), WAIT)
    await vi.waitFor(() => expect(cell('Centro TV 1', days[1])).toHaveTextContent('Indisponível'), WAIT)
    expect(cell('Centro TV 1', days[0])).not.toHaveAttribute('data-part')
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/map'))).toHaveLength(2)
  })

  it('asks for a schedule when the screen has none, and calls nothing', async () => {
    const fetchMock = stubApi({ [MAP]: () => json(adMap([{ ...mapScreen('tv1', 'Centro TV 1'), scheduleId: '' }])) })
    renderAt(<NewAdPage />, PATH, '/ads-center/new')
    await screen.findByRole('grid')
    await userEvent.click(cell('Centro TV 1', days[0]))
    await userEvent.click(cell('Centro TV 1', days[1]))
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }))
    expect(errorToast).toHaveBeenCalledWith('Você precisa vincular uma programação para continuar.')
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('books a lone first day as a one-day ad (from = until); a second click on that day cancels', async () => {
    const fetchMock = stubApi({
      [MAP]: () => json(adMap([mapScreen('tv1', 'Centro TV 1')])),
      'POST /api/advertise/rede-norte': () => json({ advertise: { id: 'ad-1' } }, 201),
    })
    renderAt(<NewAdPage />, PATH, '/ads-center/new')
    await screen.findByRole('grid')
    const panel = screen.getByLabelText('Seleção')
    await userEvent.click(within(panel).getByRole('button', { name: 'Continuar' }))
    expect(errorToast).toHaveBeenCalledWith('Selecione o dia ou o período do anúncio em uma tela.')

    await userEvent.click(cell('Centro TV 1', days[2]))
    await userEvent.click(cell('Centro TV 1', days[2]))
    expect(cell('Centro TV 1', days[2])).not.toHaveAttribute('data-part')
    expect(within(panel).getByText('Clique em um dia disponível para começar.')).toBeInTheDocument()

    await userEvent.click(cell('Centro TV 1', days[1]))
    expect(within(panel).getAllByText(dayText(days[1]))).toHaveLength(2)
    await userEvent.click(within(panel).getByRole('button', { name: 'Continuar' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Anúncio criado' }), WAIT)
    expect(bodyOf(fetchMock, 'POST', '/api/advertise/rede-norte')).toMatchObject({
      startAt: dayStartMs(days[1], SP),
      endsAt: dayEndMs(days[1], SP),
      displays: [{ displayId: 'tv1', slotId: 'slot-tv1', scheduleId: 'sched-tv1', storeSlug: 'loja-centro' }],
    })
  })

  it('finds screens by a part of their name', async () => {
    stubApi({
      [MAP]: () => json(adMap([mapScreen('tv1', 'Centro TV 1', { [days[1]]: { '00:00@23:59': '0.1' } }), mapScreen('tv2', 'Shopping Sul')])),
    })
    renderAt(<NewAdPage />, PATH, '/ads-center/new')
    await screen.findByRole('grid')
    await userEvent.type(screen.getByLabelText('Filtrar telas pelo nome'), 'shop')
    expect(screen.queryByText('Centro TV 1')).not.toBeInTheDocument()
    expect(screen.getByText('Shopping Sul')).toBeInTheDocument()
  })

  it("without a name and a duration it opens the 'New Ad' dialog", async () => {
    stubApi({})
    renderAt(<NewAdPage />, '/ads-center/new', '/ads-center/new')
    expect(await screen.findByRole('dialog', { name: 'Novo Anúncio' })).toBeInTheDocument()
  })
})
