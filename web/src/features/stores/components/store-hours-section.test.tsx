import * as React from 'react'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { emptyHoursDraft, hoursBody, hoursChanged, hoursDraft, hoursFromDraft, type HoursDraft } from '../hours-draft'
import { StoreHoursSection } from './store-hours-section'

/** The section with its state kept, as the store dialog keeps it; the latest draft in `latest`. */
function renderSection(start: HoursDraft = emptyHoursDraft()) {
  const latest = { draft: start }
  function Host() {
    const [draft, setDraft] = React.useState(start)
    latest.draft = draft
    const checked = hoursFromDraft(draft)
    return <StoreHoursSection value={draft} onChange={setDraft} error={checked.error ?? null} />
  }
  render(<Host />)
  return latest
}

const day = (name: string) => screen.getByRole('group', { name })

afterEach(cleanup)

describe("the store form's opening hours", () => {
  it('stored hours that could not be read offer a retry and nothing to edit', () => {
    let retried = 0
    render(<StoreHoursSection value={emptyHoursDraft()} onChange={() => {}} error={null} onRetry={() => retried++} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível carregar o horário de funcionamento.')
    expect(screen.queryByRole('checkbox', { name: 'Definir horário de funcionamento' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(retried).toBe(1)
  })

  it('starts without hours: open all day, nothing else to fill', () => {
    const latest = renderSection()
    expect(screen.getByRole('checkbox', { name: 'Definir horário de funcionamento' })).not.toBeChecked()
    expect(screen.queryByRole('group', { name: 'Horário semanal' })).toBeNull()
    expect(hoursFromDraft(latest.draft)).toEqual({ hours: null })
  })

  it('offers Monday to Saturday 08:00–18:00 and Sunday closed, with keep playing as the default', () => {
    const latest = renderSection()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Definir horário de funcionamento' }))
    expect(within(day('Segunda-feira')).getByLabelText('Segunda-feira, faixa 1: abre às')).toHaveValue('08:00')
    expect(within(day('Domingo')).getByRole('checkbox', { name: 'Domingo: fechado' })).toBeChecked()
    expect(screen.getByRole('radio', { name: /Continuar exibindo/ })).toBeChecked()
    const saved = hoursFromDraft(latest.draft)
    expect(saved.hours?.week[0]).toEqual([])
    expect(saved.hours?.week[6]).toEqual([{ start: '08:00', end: '18:00' }])
  })

  it('splits a day with a lunch break, and names two ranges that overlap', () => {
    const latest = renderSection({ ...emptyHoursDraft(), enabled: true })
    const monday = day('Segunda-feira')
    fireEvent.change(within(monday).getByLabelText('Segunda-feira, faixa 1: fecha às'), { target: { value: '12:00' } })
    fireEvent.click(within(monday).getByRole('button', { name: 'Adicionar faixa: Segunda-feira' }))
    fireEvent.change(within(monday).getByLabelText('Segunda-feira, faixa 2: abre às'), { target: { value: '11:00' } })
    fireEvent.change(within(monday).getByLabelText('Segunda-feira, faixa 2: fecha às'), { target: { value: '22:00' } })
    expect(screen.getByRole('alert')).toHaveTextContent('Segunda-feira: as faixas 08:00–12:00 e 11:00–22:00 se sobrepõem.')
    fireEvent.change(within(monday).getByLabelText('Segunda-feira, faixa 2: abre às'), { target: { value: '14:00' } })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(hoursFromDraft(latest.draft).hours?.week[1]).toEqual([
      { start: '08:00', end: '12:00' },
      { start: '14:00', end: '22:00' },
    ])
    fireEvent.click(within(monday).getByRole('button', { name: 'Remover Segunda-feira, faixa 1 (08:00–12:00)' }))
    expect(hoursFromDraft(latest.draft).hours?.week[1]).toEqual([{ start: '14:00', end: '22:00' }])
  })

  it('refuses a range that starts and ends at the same time', () => {
    renderSection({ ...emptyHoursDraft(), enabled: true })
    fireEvent.change(screen.getByLabelText('Terça-feira, faixa 1: fecha às'), { target: { value: '08:00' } })
    expect(screen.getByRole('alert')).toHaveTextContent('Terça-feira: a faixa 08:00–08:00 começa e termina no mesmo horário.')
  })

  it('keeps a night over midnight, closes a day, and adds a holiday closed all day', () => {
    const latest = renderSection({ ...emptyHoursDraft(), enabled: true })
    fireEvent.change(screen.getByLabelText('Sexta-feira, faixa 1: abre às'), { target: { value: '18:00' } })
    fireEvent.change(screen.getByLabelText('Sexta-feira, faixa 1: fecha às'), { target: { value: '02:00' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sábado: fechado' }))
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar data especial' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Escolha a data de cada exceção.')
    fireEvent.change(screen.getByLabelText('Data especial 1: data'), { target: { value: '2026-12-25' } })
    expect(screen.getByRole('checkbox', { name: 'Data especial 25/12/2026: fechado o dia todo' })).toBeChecked()
    fireEvent.click(screen.getByRole('radio', { name: /Descansar/ }))
    const saved = hoursFromDraft(latest.draft)
    expect(saved.error).toBeUndefined()
    expect(saved.hours?.week[5]).toEqual([{ start: '18:00', end: '02:00' }])
    expect(saved.hours?.week[6]).toEqual([])
    expect(saved.hours?.exceptions).toEqual([{ date: '2026-12-25', ranges: [] }])
    expect(hoursBody(latest.draft, saved.hours!)).toMatchObject({ whenClosed: 'rest' })
  })

  it('gives a special date its own ranges', () => {
    const latest = renderSection({ ...emptyHoursDraft(), enabled: true, exceptions: [{ date: '2026-12-24', closed: true, ranges: [] }] })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Data especial 24/12/2026: fechado o dia todo' }))
    fireEvent.change(screen.getByLabelText('Data especial 24/12/2026, faixa 1: fecha às'), { target: { value: '14:00' } })
    expect(hoursFromDraft(latest.draft).hours?.exceptions).toEqual([{ date: '2026-12-24', ranges: [{ start: '08:00', end: '14:00' }] }])
  })
})

describe('hours drafts', () => {
  it('read back what the server stored, and see no change in it', () => {
    const answer = {
      hours: { week: [[], [{ start: '08:00', end: '12:00' }], [], [], [], [], []], exceptions: [{ date: '2026-12-25', ranges: [] }] },
      whenClosed: 'rest' as const,
      timeZone: 'America/Manaus',
    }
    const draft = hoursDraft(answer)
    expect(draft.enabled).toBe(true)
    expect(draft.exceptions).toEqual([{ date: '2026-12-25', closed: true, ranges: [] }])
    expect(hoursChanged(draft, answer)).toBe(false)
    expect(hoursChanged({ ...draft, whenClosed: 'play' }, answer)).toBe(true)
    expect(hoursChanged(emptyHoursDraft(), null)).toBe(false)
  })
})
