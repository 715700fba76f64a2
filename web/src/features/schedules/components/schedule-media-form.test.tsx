import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { noEndOf } from '@/components/media-entries/media-form'
import type { ScheduleEntry } from '../api/types'
import { testEntry } from '../test-entries'
import { ScheduleMediaForm } from './schedule-media-form'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn() }))

const TZ = 'America/Sao_Paulo'
/** Midnight of a day in São Paulo (UTC-3, no daylight saving since 2019). */
const spDay = (day: string) => Date.parse(`${day}T00:00:00-03:00`)

/** The form editing the schedule's only entry: media chosen, advanced options open. */
function renderForm(entry: ScheduleEntry) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ScheduleMediaForm franchise="rede-norte" timeZone={TZ} scheduleId="s1" schedule={{ id: 's1', hash: 'h1', media: [entry] }} editIndex={0} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

/** The date picker's trigger (its label is the field's: 'Período de exibição' or 'Data de início'). */
const trigger = () => document.getElementById('media-date') as HTMLButtonElement
const month = (name: string) => screen.getByRole('grid', { name })
/** A day's button in a month, by its pt-BR label ('sexta-feira, 25 de janeiro de 2030', maybe ', selecionado'). */
const day = (grid: HTMLElement, text: string) => within(grid).getByRole('button', { name: new RegExp(`, ${text}(, selecionado)?$`) })

describe('the date picker of the add/edit media form', () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    // jsdom has no ResizeObserver; the popover measures its trigger with one.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    )
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ schedule: { id: 's1' } }), { status: 200 }))
  })
  afterEach(() => {
    cleanup()
    fetchMock.mockReset()
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  /** The entry the form saved. */
  const savedEntry = async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar Mídia' }))
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled())
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe('/api/schedule/rede-norte/s1')
    return (JSON.parse(String(init?.body)) as { media: ScheduleEntry[] }).media[0]
  }

  it("shows 'Selecione uma data' and, in range mode, two months side by side in pt-BR", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2030, 0, 15, 10) })
    renderForm(testEntry('promo'))
    expect(screen.getByRole('checkbox', { name: 'Sem data para acabar' })).not.toBeChecked()
    expect(screen.getByRole('button', { name: 'Período de exibição' })).toHaveTextContent('Selecione uma data')
    expect(screen.getByRole('button', { name: 'Limpar data' })).toBeDisabled()

    await userEvent.click(trigger())
    expect(screen.getAllByRole('grid').map((g) => g.getAttribute('aria-label'))).toEqual(['janeiro 2030', 'fevereiro 2030'])
    const weekdays = [...month('janeiro 2030').querySelectorAll('th')]
    expect(weekdays.map((th) => th.textContent)).toEqual(['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sab'])
    expect(weekdays.map((th) => th.getAttribute('aria-label'))).toEqual(['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'])
    // Today (15 January 2030) is marked.
    expect(day(month('janeiro 2030'), '15 de janeiro de 2030')).toHaveAccessibleName(/^Hoje, /)
    expect(screen.getByRole('button', { name: 'Ir para o próximo mês' })).toBeInTheDocument()
  })

  it('picks a range across two months: first day, then last day; the trigger reads d MMMM yyyy - d MMMM yyyy', async () => {
    renderForm(testEntry('promo', { startDate: spDay('2030-01-10'), endDate: spDay('2030-01-13') - 1 }))
    expect(trigger()).toHaveTextContent('10 janeiro 2030 - 12 janeiro 2030')

    await userEvent.click(trigger())
    // The stored period is highlighted, and the calendar opens on its month.
    expect(day(month('janeiro 2030'), '10 de janeiro de 2030')).toHaveAttribute('data-range-start', 'true')
    expect(day(month('janeiro 2030'), '11 de janeiro de 2030')).toHaveAttribute('data-range-middle', 'true')
    expect(day(month('janeiro 2030'), '12 de janeiro de 2030')).toHaveAttribute('data-range-end', 'true')

    // A new first day starts a new range; the popover stays open for the last one.
    await userEvent.click(day(month('janeiro 2030'), '25 de janeiro de 2030'))
    expect(trigger()).toHaveTextContent('25 janeiro 2030')
    expect(month('fevereiro 2030')).toBeInTheDocument()
    await userEvent.click(day(month('fevereiro 2030'), '5 de fevereiro de 2030'))
    expect(screen.queryByRole('grid')).not.toBeInTheDocument()
    expect(trigger()).toHaveTextContent('25 janeiro 2030 - 5 fevereiro 2030')

    // Reopened, the new range is highlighted across both months.
    await userEvent.click(trigger())
    expect(day(month('janeiro 2030'), '31 de janeiro de 2030')).toHaveAttribute('data-range-middle', 'true')
    expect(day(month('fevereiro 2030'), '5 de fevereiro de 2030')).toHaveAttribute('data-range-end', 'true')
    await userEvent.keyboard('{Escape}')

    const saved = await savedEntry()
    expect(saved.startDate).toBe(spDay('2030-01-25'))
    expect(saved.endDate).toBe(spDay('2030-02-06') - 1)
  })

  it('a last day before the first one swaps them', async () => {
    renderForm(testEntry('promo', { startDate: spDay('2030-03-20'), endDate: spDay('2030-03-21') - 1 }))
    await userEvent.click(trigger())
    await userEvent.click(day(month('março 2030'), '18 de março de 2030'))
    await userEvent.click(day(month('março 2030'), '2 de março de 2030'))
    expect(trigger()).toHaveTextContent('2 março 2030 - 18 março 2030')
  })

  it("'Sem data para acabar': one month, a single day, saved with no end (start + 1000 years)", async () => {
    renderForm(testEntry('promo', { startDate: spDay('2030-01-10'), endDate: spDay('2030-01-13') - 1 }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sem data para acabar' }))
    expect(screen.getByRole('button', { name: 'Data de início' })).toHaveTextContent('10 janeiro 2030')

    await userEvent.click(trigger())
    expect(screen.getAllByRole('grid').map((g) => g.getAttribute('aria-label'))).toEqual(['janeiro 2030'])
    expect(day(month('janeiro 2030'), '10 de janeiro de 2030')).toHaveAttribute('data-selected-single', 'true')
    await userEvent.click(screen.getByRole('button', { name: 'Ir para o próximo mês' }))
    await userEvent.click(day(month('fevereiro 2030'), '14 de fevereiro de 2030'))
    expect(screen.queryByRole('grid')).not.toBeInTheDocument()
    expect(trigger()).toHaveTextContent(/^14 fevereiro 2030$/)

    const saved = await savedEntry()
    expect(saved.startDate).toBe(spDay('2030-02-14'))
    expect(saved.endDate).toBe(noEndOf(spDay('2030-02-14')))
  })

  it('an entry with no end opens in single mode on its first day', async () => {
    const start = spDay('2030-05-01')
    renderForm(testEntry('promo', { startDate: start, endDate: noEndOf(start) }))
    expect(screen.getByRole('checkbox', { name: 'Sem data para acabar' })).toBeChecked()
    expect(trigger()).toHaveTextContent(/^1 maio 2030$/)
    await userEvent.click(trigger())
    expect(screen.getAllByRole('grid')).toHaveLength(1)
    expect(day(month('maio 2030'), '1 de maio de 2030')).toHaveAttribute('data-selected-single', 'true')
  })

  it('the reset button clears the dates, and the entry is saved without any', async () => {
    renderForm(testEntry('promo', { startDate: spDay('2030-01-10'), endDate: spDay('2030-01-13') - 1 }))
    await userEvent.click(screen.getByRole('button', { name: 'Limpar data' }))
    expect(trigger()).toHaveTextContent('Selecione uma data')
    const saved = await savedEntry()
    expect(saved.startDate).toBeUndefined()
    expect(saved.endDate).toBeUndefined()
  })
})
