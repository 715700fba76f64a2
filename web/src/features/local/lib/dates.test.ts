// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { datesOf, datesProblem, datesText, dayInput } from './dates'

const TZ = 'America/Sao_Paulo'

describe("an item's dates", () => {
  it('stores the first day from its start and the last to its end, in the franchise zone', () => {
    const { startDate, endDate } = datesOf('2026-12-01', '2026-12-10', TZ)
    expect(startDate).toBe(Date.parse('2026-12-01T00:00:00-03:00'))
    expect(endDate).toBe(Date.parse('2026-12-11T00:00:00-03:00') - 1)
    expect(dayInput(startDate, TZ)).toBe('2026-12-01')
    expect(dayInput(endDate, TZ)).toBe('2026-12-10')
  })

  it('leaves an empty field out', () => {
    expect(datesOf('', '', TZ)).toEqual({})
    expect(Object.keys(datesOf('2026-12-01', '', TZ))).toEqual(['startDate'])
  })

  it('refuses a last day before the first', () => {
    expect(datesProblem('2026-12-10', '2026-12-01')).toBe('A data de fim não pode ser anterior à data de início.')
    expect(datesProblem('2026-12-01', '2026-12-01')).toBeNull()
    expect(datesProblem('', '2026-12-01')).toBeNull()
  })

  it('says the dates in pt-BR', () => {
    expect(datesText(datesOf('2026-12-01', '2026-12-10', TZ), TZ)).toBe('De 01/12/2026 a 10/12/2026')
    expect(datesText(datesOf('2026-12-01', '', TZ), TZ)).toBe('A partir de 01/12/2026')
    expect(datesText(datesOf('', '2026-12-10', TZ), TZ)).toBe('Até 10/12/2026')
    expect(datesText({}, TZ)).toBe('Sem datas: passa a partir de hoje, sem fim')
  })
})
