// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { actionLabel, changeCells, fieldLabel, kindLabel, kindOptions, valueText } from './labels'

describe('activity labels', () => {
  it('names kinds, actions and known fields in Portuguese, unknown fields by their own name', () => {
    expect(kindLabel('store')).toBe('Loja')
    expect(actionLabel('update')).toBe('Alteração')
    expect(fieldLabel('phone')).toBe('Telefone')
    expect(fieldLabel('corDoLetreiro')).toBe('corDoLetreiro')
    // Paths inside lists and objects, as api/audit_test.go reads them.
    expect(fieldLabel('entries[17].displayTime')).toBe('Itens nº 18 › Tempo de exibição')
    expect(fieldLabel('entries[3:5]')).toBe('Itens nº 4 a 5')
    expect(fieldLabel('entries[3:4]')).toBe('Itens nº 4')
    expect(fieldLabel('entries[3:3]')).toBe('Itens: novos na posição 4')
    expect(fieldLabel('contacts[0].phone')).toBe('Contatos nº 1 › Telefone')
    expect(fieldLabel('footer.weather')).toBe('Rodapé › weather')
  })

  it('offers every kind in the filter, by name', () => {
    const names = kindOptions.map((k) => k.label)
    expect(names).toContain('Loja')
    expect([...names].sort((a, b) => a.localeCompare(b, 'pt-BR'))).toEqual(names)
  })

  it('writes values as a reader does', () => {
    expect(valueText(undefined)).toBe('—')
    expect(valueText('1133334444')).toBe('1133334444')
    expect(valueText(true)).toBe('Sim')
    expect(valueText(['a', 'b'])).toBe('a, b')
    expect(valueText({ start: '08:00' })).toBe('{"start":"08:00"}')
    expect(changeCells({ field: 'password', redacted: true })).toEqual({ before: 'não registrado', after: 'não registrado' })
    expect(changeCells({ field: 'phone', after: '11' })).toEqual({ before: '—', after: '11' })
  })
})
