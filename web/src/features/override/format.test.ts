// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { ackLabel, confirmTitle, contrast, targetLabel } from './format'

describe('emergency message words', () => {
  it('names the target, the acknowledgements and the confirmation', () => {
    expect(targetLabel({ target: 'all', targetNames: [] })).toBe('Todas as TVs')
    expect(targetLabel({ target: 'stores', targetNames: ['Centro', 'Sul'] })).toBe('Lojas: Centro, Sul')
    expect(ackLabel(3, 12)).toBe('3 de 12 TVs confirmaram')
    expect(ackLabel(1, 1)).toBe('1 de 1 TV confirmou')
    expect(confirmTitle(12)).toBe('Exibir em 12 TVs?')
    expect(confirmTitle(1)).toBe('Exibir em 1 TV?')
  })

  it('measures contrast as the server does', () => {
    expect(contrast('#FFFFFF', '#000000')).toBeCloseTo(21)
    expect(contrast('#B91C1C', '#FFFFFF')).toBeGreaterThan(3)
    expect(contrast('#FFFF00', '#FFFFFF')).toBeLessThan(3)
  })
})
