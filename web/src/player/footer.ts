// The footer's texts (spec 2 §3 "Footer", DESIGN.md "Footer data"): the
// clock on the screen's wall clock, the weather and the quotes of the
// footer's coins, formatted in pt-BR. A widget whose data is absent is not
// drawn at all (null here).
import type { BottomBar, FooterData } from './protocol'

/** Milliseconds from `moment` to the next local minute (when the clock changes). */
export function untilNextMinute(moment: number): number {
  // Time zones shift by whole minutes, so local minutes turn with UTC ones.
  return 60_000 - (((moment % 60_000) + 60_000) % 60_000)
}

const decimals = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** A price in reais: 'R$ 5,31'. */
export function reais(value: number): string {
  return `R$ ${decimals.format(value)}`
}

/**
 * A symbol for a WMO weather code (the codes Open-Meteo gives). Plain
 * Unicode symbols of the common fonts (DejaVu, Roboto's fallbacks), not
 * emoji: TV boxes often lack a colour emoji font (⛅ is missing even in
 * DejaVu Sans).
 */
export function weatherSymbol(code: number): string {
  if (code === 0 || code === 1) return '☀'
  if (code === 2 || code === 3 || code === 45 || code === 48) return '☁'
  if ((code >= 51 && code <= 67) || (code >= 80 && code <= 82)) return '☂'
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return '❄'
  if (code >= 95 && code <= 99) return '⚡'
  return ''
}

/** The weather widget: '☀ 25°C' (rounded), with the description for a title; null without data. */
export function weatherText(data: FooterData | null): { text: string; description: string } | null {
  const weather = data?.weather
  if (!weather || typeof weather.temperature !== 'number' || !Number.isFinite(weather.temperature)) return null
  const symbol = weatherSymbol(weather.code)
  const temperature = `${Math.round(weather.temperature)}°C`
  return { text: symbol ? `${symbol} ${temperature}` : temperature, description: weather.description ?? '' }
}

/** One quote as drawn. */
export interface QuoteView {
  asset: string
  icon?: string
  /** 'USD R$ 5,31 ▲': the real price of one unit of the coin, and where it went since the last close. */
  text: string
  /** Rising or flat quotes are green, falling ones red (the footer's own colours). */
  color: string
}

/**
 * The quotes widget, in the footer's coin order: the coins the server
 * quoted; a coin without a quote is left out, and so is the widget when
 * none is left.
 */
export function quoteViews(bar: BottomBar | null, data: FooterData | null): QuoteView[] {
  const quote = bar?.quote
  const quotes = data?.quotes
  if (!quote || !quotes) return []
  const views: QuoteView[] = []
  for (const coin of quote.coins) {
    const q = quotes.find((item) => item.asset === coin.asset)
    if (!q || typeof q.bid !== 'number' || !Number.isFinite(q.bid)) continue
    const falling = typeof q.pctChange === 'number' && q.pctChange < 0
    views.push({
      asset: coin.asset,
      icon: coin.icon || undefined,
      text: `${coin.asset} ${reais(q.bid)} ${falling ? '▼' : '▲'}`,
      color: falling ? quote.style.red : quote.style.green,
    })
  }
  return views
}
