// What the console's footer previews write in the weather and quote widgets:
// the server's real values (GET /footer/{franchise}) in the TVs' own words
// (player/footer.ts), and, for a part the server has no value for, an
// example marked as such — never a made-up value passed off as real.
import { quoteViews, weatherText, type QuoteView } from '@/player/footer'
import type { BottomBar as PlayerBottomBar, FooterData } from '@/player/protocol'
import type { BottomBar } from './api/types'

/** A widget's text, and whether it is an example rather than the server's value. */
export type ShownWeather = { text: string; description: string; example: boolean }
export type ShownQuote = QuoteView & { example: boolean }

/** Illustrative quotes in reais, for a coin the server has no quote of. */
const EXAMPLE_BIDS: Record<string, number> = {
  USD: 5.4, EUR: 6.2, GBP: 7.1, JPY: 0.036, CHF: 6.6, CAD: 3.9, AUD: 3.5, DKK: 0.83, NOK: 0.5, SEK: 0.55,
}

/** The example the previews draw without real data: every other coin falling, so both colours can be judged. */
export function exampleFooterData(coins: readonly string[]): FooterData {
  return {
    weather: { city: '', temperature: 25, min: 20, max: 30, code: 0, description: 'Exemplo' },
    quotes: coins.map((asset, i) => ({ asset, bid: EXAMPLE_BIDS[asset] ?? 1, pctChange: i % 2 === 1 ? -0.5 : 0.5 })),
  }
}

/** The weather widget of `bar`: the real one, else the example; null when the footer shows no weather. */
export function shownWeather(bar: BottomBar, data: FooterData | null | undefined): ShownWeather | null {
  if (!bar.weather) return null
  const real = weatherText(data ?? null)
  if (real) return { ...real, example: false }
  return { ...weatherText(exampleFooterData([]))!, example: true }
}

/** The quotes of `bar`'s coins in order: each real one, else its example. */
export function shownQuotes(bar: BottomBar, data: FooterData | null | undefined): ShownQuote[] {
  if (!bar.quote) return []
  const playerBar = bar as PlayerBottomBar
  const real = new Map(quoteViews(playerBar, data ?? null).map((view) => [view.asset, view]))
  const example = new Map(quoteViews(playerBar, exampleFooterData(bar.quote.coins.map((coin) => coin.asset))).map((view) => [view.asset, view]))
  return bar.quote.coins.flatMap((coin): ShownQuote[] => {
    const view = real.get(coin.asset)
    if (view) return [{ ...view, example: false }]
    const sample = example.get(coin.asset)
    return sample ? [{ ...sample, example: true }] : []
  })
}
