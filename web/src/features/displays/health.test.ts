// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { formatBytes, formatClock, formatUptime, problemsName } from './health'

describe('the health panel wording', () => {
  it('formats bytes, uptime and the clock in pt-BR', () => {
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(1536 * 1024 * 1024)).toBe('1,5 GB')
    expect(formatUptime(40)).toBe('40 s')
    expect(formatUptime(2 * 3600 + 5 * 60)).toBe('2 h 5 min')
    expect(formatUptime(3 * 86400 + 4 * 3600)).toBe('3 d 4 h')
    expect(formatClock(500)).toBe('Em dia com o servidor')
    expect(formatClock(90_000)).toBe('90 s adiantado')
    expect(formatClock(-3 * 3600_000)).toBe('3 h 0 min atrasado')
    expect(problemsName(['Armazenamento quase cheio', 'Relógio com mais de um minuto de diferença'])).toBe(
      'Problemas: Armazenamento quase cheio; Relógio com mais de um minuto de diferença',
    )
  })
})
