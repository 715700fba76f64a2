// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { fieldErrors } from '@/test/zod'
import { testEntry } from './test-entries'
import {
  droppedFilledSpaces,
  filledSpacesWarning,
  LOCAL_SPACE_DEFAULTS,
  LOCAL_TIME_MESSAGE,
  localSpaceFormOf,
  localSpaceSchema,
  toLocalEntry,
  withLocalSpace,
} from './local-space'

const TZ = 'America/Sao_Paulo'
const space = (id: string, extra = {}) =>
  testEntry(id, { name: `Espaço ${id}`, type: undefined, filePath: undefined, url: undefined, thumbnailUrl: undefined, isLocal: true, localTime: 15, displayTime: 15, ...extra })

describe("the 'Espaço local' form", () => {
  it("starts named 'Espaço local', 10 s per item, no fallback, every day", () => {
    expect(LOCAL_SPACE_DEFAULTS).toMatchObject({ name: 'Espaço local', localTime: '10', localFallbackMediaId: '', dok: 127, timeGap: [] })
    expect(fieldErrors(localSpaceSchema, LOCAL_SPACE_DEFAULTS)).toEqual({})
  })

  it.each(['4', '301', '0', '7.5', 'abc', ''])('refuses %j seconds per item in pt-BR', (typed) => {
    expect(fieldErrors(localSpaceSchema, { ...LOCAL_SPACE_DEFAULTS, localTime: typed })).toEqual({ localTime: LOCAL_TIME_MESSAGE })
  })

  it('takes 5 and 300 seconds', () => {
    expect(LOCAL_TIME_MESSAGE).toBe('A duração deve ficar entre 5 e 300 segundos.')
    expect(fieldErrors(localSpaceSchema, { ...LOCAL_SPACE_DEFAULTS, localTime: '5' })).toEqual({})
    expect(fieldErrors(localSpaceSchema, { ...LOCAL_SPACE_DEFAULTS, localTime: '300' })).toEqual({})
  })

  it('needs a name, a weekday, windows that do not overlap and a whole hourly limit', () => {
    const errors = fieldErrors(localSpaceSchema, { ...LOCAL_SPACE_DEFAULTS, name: ' ', dok: 0, timeGap: ['08:00@12:00', '11:00@13:00'], limitByHour: '1.5' })
    expect(errors).toEqual({
      name: 'Campo obrigatório',
      dok: 'Selecione pelo menos um dia da semana.',
      timeGap: 'As faixas de horário 08:00 às 12:00 e 11:00 às 13:00 se sobrepõem. Ajuste os horários ou use uma só faixa.',
      limitByHour: 'O limite de inserções por hora deve ser um número inteiro de 0 a 3600 (0 = sem limite).',
    })
  })
})

describe('toLocalEntry', () => {
  it('sends a new space with isLocal, localTime and the rules, without an id', () => {
    const values = localSpaceSchema.parse({ ...LOCAL_SPACE_DEFAULTS, localTime: '20', localFallbackMediaId: 'm9', dok: 62, timeGap: ['18:00@20:00', '08:00@10:00'], limitByHour: '4' })
    expect(toLocalEntry(values, TZ)).toEqual({
      name: 'Espaço local',
      isLocal: true,
      localTime: 20,
      displayTime: 20,
      localFallbackMediaId: 'm9',
      dok: 62,
      enabled: true,
      stretch: false,
      timeGap: ['08:00@10:00', '18:00@20:00'],
      limitByHour: 4,
      volume: 0,
    })
  })

  it('keeps the id and enabled of an edited space, and sends the days of a period', () => {
    const previous = space('sp1', { enabled: false })
    const values = localSpaceSchema.parse({ ...LOCAL_SPACE_DEFAULTS, name: 'Vitrine da loja', date: { from: '2030-01-10', to: '2030-01-12' } })
    const entry = toLocalEntry(values, TZ, previous)
    expect(entry).toMatchObject({ id: 'sp1', name: 'Vitrine da loja', enabled: false, isLocal: true, localTime: 10 })
    expect(entry.startDate).toBe(Date.parse('2030-01-10T00:00:00-03:00'))
    expect(entry.endDate).toBe(Date.parse('2030-01-13T00:00:00-03:00') - 1)
    expect(entry).not.toHaveProperty('localFallbackMediaId')
    expect(entry).not.toHaveProperty('limitByHour')
  })

  it('reads a stored space back into the form', () => {
    const form = localSpaceFormOf(space('sp1', { localTime: 30, localFallbackMediaId: 'm2', dok: 65, timeGap: ['09:00@11:00'], limitByHour: 2 }), TZ)
    expect(form).toMatchObject({ name: 'Espaço sp1', localTime: '30', localFallbackMediaId: 'm2', dok: 65, timeGap: ['09:00@11:00'], limitByHour: '2' })
  })
})

describe('withLocalSpace', () => {
  const entries = [testEntry('m1'), space('sp1')]
  it('puts a new space first', () => {
    const list = withLocalSpace(entries, { name: 'Novo', isLocal: true, localTime: 10 })
    expect(list.map((e) => e.id ?? e.name)).toEqual(['Novo', 'm1', 'sp1'])
  })
  it('replaces an edited space where it is', () => {
    const list = withLocalSpace(entries, { id: 'sp1', name: 'Editado', isLocal: true, localTime: 12 }, 1)
    expect(list[1]).toEqual({ id: 'sp1', name: 'Editado', isLocal: true, localTime: 12 })
    expect(list[0]).not.toHaveProperty('url')
  })
})

describe('deleting a space that stores fill', () => {
  const before = [testEntry('m1'), space('sp1'), space('sp2'), space('sp3')]
  const fill = { sp1: 3, sp2: 1, sp3: 0 }

  it('names the spaces a save drops that have content, and only those', () => {
    expect(droppedFilledSpaces(before, [before[0], before[2]], fill)).toEqual([{ id: 'sp1', name: 'Espaço sp1', stores: 3 }])
    expect(droppedFilledSpaces(before, [before[0]], fill).map((s) => s.id)).toEqual(['sp1', 'sp2'])
    expect(droppedFilledSpaces(before, before, fill)).toEqual([])
    expect(droppedFilledSpaces(before, [before[0]], undefined)).toEqual([])
  })

  it("says how many stores fill the space, 1 loja or N lojas", () => {
    expect(filledSpacesWarning([{ id: 'sp1', name: 'A', stores: 3 }])).toBe('Este espaço tem conteúdo de 3 lojas. Excluir o espaço apaga esse conteúdo.')
    expect(filledSpacesWarning([{ id: 'sp2', name: 'B', stores: 1 }])).toBe('Este espaço tem conteúdo de 1 loja. Excluir o espaço apaga esse conteúdo.')
    expect(filledSpacesWarning([])).toBeNull()
    expect(filledSpacesWarning([{ id: 'sp1', name: 'A', stores: 3 }, { id: 'sp2', name: 'B', stores: 1 }])).toBe(
      'Estes espaços têm conteúdo das lojas: "A" (3 lojas), "B" (1 loja). Excluir os espaços apaga esse conteúdo.',
    )
  })
})
