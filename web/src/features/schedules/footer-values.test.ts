// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { BottomBar } from './api/types'
import { shownQuotes, shownWeather } from './footer-values'

const bar: BottomBar = {
  height: 64,
  bgColor: '#dfdfdf',
  color: '#000000',
  fSize: 22,
  fWeight: 700,
  weather: { fontSize: 35 },
  quote: {
    coins: [{ asset: 'USD', symbol: '$' }, { asset: 'EUR', symbol: '€' }],
    style: { gap: 20, fontSize: 30, green: '#008800', red: '#aa0000' },
  },
}

describe('the footer previews\' values', () => {
  it('shows the server\'s weather and quotes as the TVs write them', () => {
    const data = {
      weather: { city: 'Campinas', temperature: 18.6, min: 15, max: 24, code: 61, description: 'Chuva' },
      quotes: [
        { asset: 'USD', bid: 5.31, pctChange: 0.2 },
        { asset: 'EUR', bid: 6.02, pctChange: -0.4 },
      ],
    }
    expect(shownWeather(bar, data)).toEqual({ text: '☂ 19°C', description: 'Chuva', example: false })
    expect(shownQuotes(bar, data)).toEqual([
      { asset: 'USD', text: 'USD R$ 5,31 ▲', color: '#008800', example: false },
      { asset: 'EUR', text: 'EUR R$ 6,02 ▼', color: '#aa0000', example: false },
    ])
  })

  it('marks as an example what the server has no value for', () => {
    const data = { quotes: [{ asset: 'EUR', bid: 6.02, pctChange: 0.1 }] }
    expect(shownWeather(bar, data)).toMatchObject({ text: '☀ 25°C', example: true })
    const quotes = shownQuotes(bar, data)
    expect(quotes.map((q) => [q.asset, q.example])).toEqual([
      ['USD', true],
      ['EUR', false],
    ])
    expect(quotes[0].text).toMatch(/^USD R\$ \d+,\d{2} [▲▼]$/)
    expect(shownQuotes(bar, undefined).every((q) => q.example)).toBe(true)
  })

  it('draws no widget the footer leaves out', () => {
    const bare: BottomBar = { height: 64, bgColor: '#dfdfdf', color: '#000000', fSize: 22, fWeight: 700 }
    expect(shownWeather(bare, undefined)).toBeNull()
    expect(shownQuotes(bare, undefined)).toEqual([])
  })
})
