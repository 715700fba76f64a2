// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { buildReport, healthChanged, shortBrowser, type HealthInput } from './health'

const input: HealthInput = {
  version: 'a1b2c3',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Safari/537.36',
  screen: { width: 1920, height: 1080 },
  startedAt: 1_000_000,
  now: 1_065_400,
  storage: { usage: 5_000_000, quota: 100_000_000 },
  cached: 3,
  allCached: true,
  serverOffset: -1500,
  lastError: null,
}

describe('the health report', () => {
  it('says what the player is and how it fares', () => {
    expect(buildReport(input)).toEqual({
      version: 'a1b2c3',
      browser: 'Chrome 120 (Linux)',
      screen: '1920x1080',
      uptime: 65,
      storageUsed: 5_000_000,
      storageQuota: 100_000_000,
      cached: 3,
      allCached: true,
      clockOffset: 1500, // the box is 1.5 s ahead of the server
    })
  })

  it('stays within the server bounds whatever the browser says', () => {
    const report = buildReport({
      ...input,
      version: 'v'.repeat(200),
      userAgent: 'x'.repeat(500),
      screen: { width: NaN, height: -3 },
      storage: { usage: -1, quota: Infinity },
      cached: 10 ** 9,
      serverOffset: NaN,
      lastError: { media: 'm'.repeat(500), message: 'erro\nlinha\u0000' + 'e'.repeat(400), at: 1_700_000_000_000.4 },
    })
    expect(report.version).toHaveLength(64)
    expect(report.browser).toHaveLength(160)
    expect(report.screen).toBe('0x0')
    expect(report.storageUsed).toBe(0)
    expect(report.storageQuota).toBe(0)
    expect(report.cached).toBe(100_000)
    expect(report.clockOffset).toBe(0)
    expect(report.lastError?.media).toHaveLength(200)
    expect(report.lastError?.message.startsWith('erro linha')).toBe(true)
    expect(report.lastError?.message).toHaveLength(300)
    expect(report.lastError?.at).toBe(1_700_000_000_000)
  })

  it('keeps each text on one line, without control characters, which the server refuses', () => {
    const message = (text: string) =>
      buildReport({ ...input, lastError: { media: 'a.mp4', message: text, at: 5 } }).lastError?.message
    expect(message('linha 1\r\nlinha 2')).toBe('linha 1 linha 2')
    expect(message('falha\tno\u0000vídeo\u0007')).toBe('falha no vídeo')
    expect(message('\u001b[31mfalha\u0085a\u2028b\u2029c\u007f')).toBe('[31mfalha a b c')
    expect(message('Não foi possível decodificar (ação) 🎬')).toBe('Não foi possível decodificar (ação) 🎬')
    expect(buildReport({ ...input, version: 'v1\n', userAgent: 'caixa\tx' })).toMatchObject({ version: 'v1', browser: 'caixa x' })
  })

  it('names common browsers briefly', () => {
    expect(shortBrowser('Mozilla/5.0 (Linux; Android 9; TV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/87.0.4280.101 Safari/537.36')).toBe('Chrome 87 (Android)')
    expect(shortBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0')).toBe('Firefox 121 (Windows)')
    expect(shortBrowser('caixa-x')).toBe('caixa-x')
  })

  it('changes only on what the console shows', () => {
    const a = buildReport(input)
    expect(healthChanged(null, a)).toBe(true)
    expect(healthChanged(a, buildReport({ ...input, now: input.now + 60_000 }))).toBe(false)
    expect(healthChanged(a, buildReport({ ...input, storage: { usage: 5_100_000, quota: 100_000_000 } }))).toBe(false)
    expect(healthChanged(a, buildReport({ ...input, cached: 4 }))).toBe(true)
    expect(healthChanged(a, buildReport({ ...input, serverOffset: -90_000 }))).toBe(true)
    expect(healthChanged(a, buildReport({ ...input, lastError: { media: 'a.mp4', message: 'x', at: 5 } }))).toBe(true)
  })
})
