// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { clockText } from '../lib/footer'
import { quoteViews, reais, untilNextMinute, weatherSymbol, weatherText } from './footer'
import type { BottomBar } from './protocol'

const bar: BottomBar = {
  height: 64,
  bgColor: '#dfdfdf',
  color: '#000000',
  fSize: 22,
  fWeight: 700,
  clock: { color: '#000000', fSize: 40 },
  weather: { fontSize: 35 },
  quote: {
    coins: [
      { asset: 'USD', symbol: '$' },
      { asset: 'EUR', symbol: '€' },
      { asset: 'GBP', symbol: '£', icon: 'https://cdn.example.com/gbp.png' },
    ],
    style: { gap: 20, fontSize: 30, green: '#008800', red: '#aa0000' },
  },
}

describe('the clock', () => {
  it("shows HH:MM on the screen's wall clock, not the box's", () => {
    const moment = Date.parse('2026-03-02T13:05:59Z')
    expect(clockText(moment, 'America/Sao_Paulo')).toBe('10:05')
    expect(clockText(moment, 'America/Manaus')).toBe('09:05')
    expect(clockText(moment, 'Asia/Kolkata')).toBe('18:35')
  })

  it('turns at the next minute', () => {
    expect(untilNextMinute(Date.parse('2026-03-02T13:05:59.250Z'))).toBe(750)
    expect(untilNextMinute(Date.parse('2026-03-02T13:06:00Z'))).toBe(60_000)
  })
})

describe('the weather', () => {
  it('shows a symbol and the rounded temperature', () => {
    const data = { weather: { city: 'Campinas', temperature: 24.6, min: 18, max: 29, code: 0, description: 'Céu limpo' } }
    expect(weatherText(data)).toEqual({ text: '☀ 25°C', description: 'Céu limpo' })
    expect(weatherText({ weather: { ...data.weather, code: 63, temperature: -0.4 } })?.text).toBe('☂ 0°C')
    expect(weatherText({ weather: { ...data.weather, code: 999 } })?.text).toBe('25°C')
  })

  it('is hidden without data', () => {
    expect(weatherText(null)).toBeNull()
    expect(weatherText({ quotes: [] })).toBeNull()
  })

  it('has a symbol for each family of WMO codes', () => {
    expect([0, 1, 2, 3, 45, 55, 81, 73, 95, 100].map(weatherSymbol)).toEqual(['☀', '☀', '☁', '☁', '☁', '☂', '☂', '❄', '⚡', ''])
  })
})

describe('the quotes', () => {
  it("follow the footer's coin order, green when rising or flat, red when falling", () => {
    const data = {
      quotes: [
        { asset: 'EUR', bid: 6.1234, pctChange: -0.35 },
        { asset: 'USD', bid: 5.31, pctChange: 0.12 },
        { asset: 'GBP', bid: 7, pctChange: 0 },
      ],
    }
    expect(quoteViews(bar, data)).toEqual([
      { asset: 'USD', icon: undefined, text: 'USD R$ 5,31 ▲', color: '#008800' },
      { asset: 'EUR', icon: undefined, text: 'EUR R$ 6,12 ▼', color: '#aa0000' },
      { asset: 'GBP', icon: 'https://cdn.example.com/gbp.png', text: 'GBP R$ 7,00 ▲', color: '#008800' },
    ])
  })

  it('leave out a coin the server did not quote, and everything without data or a quote section', () => {
    expect(quoteViews(bar, { quotes: [{ asset: 'EUR', bid: 6, pctChange: 1 }] }).map((q) => q.asset)).toEqual(['EUR'])
    expect(quoteViews(bar, { weather: undefined })).toEqual([])
    expect(quoteViews(bar, null)).toEqual([])
    expect(quoteViews({ ...bar, quote: undefined }, { quotes: [{ asset: 'USD', bid: 5, pctChange: 0 }] })).toEqual([])
  })

  it('format reais the Brazilian way', () => {
    expect(reais(5.305)).toMatch(/^R\$ 5,3[01]$/)
    expect(reais(1234.5)).toBe('R$ 1.234,50')
  })
})
