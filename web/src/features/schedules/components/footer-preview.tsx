import { clockText, FOOTER_DEFAULTS } from '@/lib/footer'
import { useSession } from '@/lib/session'
import { useFooterValues } from '../api/get-footer-values'
import type { BottomBar } from '../api/types'
import { shownQuotes, shownWeather } from '../footer-values'

// The preview's own size (spec 2 §2 "Preview": height 64px, font 16px).
export const PREVIEW_FOOTER = { height: 64, fontSize: 16 } as const

/** The note under a footer drawn with example values. */
export const EXAMPLE_NOTE = 'Valores de exemplo: o servidor ainda não tem o clima ou a cotação real.'

/**
 * The schedule's footer as the preview draws it: logo, clock at the simulated
 * moment, and the weather of the franchise's city and the coins' quotes as
 * the server has them now; a value it has not is an example, in italics and
 * noted under the bar. `actualSize` draws it at its own sizes (the footer
 * editor's live preview) instead of the preview's fixed ones; `store` takes
 * the weather of that store's city, as its TVs show it.
 */
export function FooterPreview({ bar, moment, timeZone, actualSize = false, store }: { bar: BottomBar; moment: number; timeZone: string; actualSize?: boolean; store?: string }) {
  const franchise = useSession().franchise?.slug
  const values = useFooterValues(franchise, { coins: bar.quote?.coins.map((coin) => coin.asset) ?? [], weather: !!bar.weather, store })
  // Until the server answers, nothing is drawn as an example that may turn out real a moment later.
  const waiting = values.isLoading
  const data = values.data
  const weather = waiting ? null : shownWeather(bar, data)
  const quotes = waiting ? [] : shownQuotes(bar, data)
  const example = !!weather?.example || quotes.some((quote) => quote.example)
  const exampleStyle = { fontStyle: 'italic' } as const
  return (
    <div>
      <div
        data-testid="preview-footer"
        className="flex items-center gap-4 px-3"
        style={{
          height: actualSize ? bar.height : PREVIEW_FOOTER.height,
          fontSize: actualSize ? bar.fSize : PREVIEW_FOOTER.fontSize,
          background: bar.bgColor || FOOTER_DEFAULTS.bgColor,
          color: bar.color || FOOTER_DEFAULTS.color,
          fontWeight: bar.fWeight || FOOTER_DEFAULTS.fWeight,
        }}
      >
        {bar.logo && <img src={bar.logo} alt="" className="h-4/5 w-auto object-contain" />}
        <span className="flex-1" />
        {quotes.length > 0 && (
          <span
            className="flex"
            data-testid="preview-quotes"
            style={{ gap: actualSize ? bar.quote?.style.gap : 12, fontSize: actualSize ? bar.quote?.style.fontSize : undefined }}
          >
            {quotes.map((quote) => (
              <span key={quote.asset} className="whitespace-nowrap" style={{ color: quote.color, ...(quote.example ? exampleStyle : {}) }} title={quote.example ? 'Exemplo' : undefined}>
                {quote.text}
              </span>
            ))}
          </span>
        )}
        {weather && (
          <span
            className="whitespace-nowrap"
            data-testid="preview-weather"
            title={weather.example ? 'Exemplo' : weather.description}
            style={{ fontSize: actualSize ? bar.weather?.fontSize : undefined, ...(weather.example ? exampleStyle : {}) }}
          >
            {weather.text}
          </span>
        )}
        {bar.clock && (
          <span className="whitespace-nowrap tabular-nums" style={{ color: bar.clock.color || FOOTER_DEFAULTS.clockColor, fontSize: actualSize ? bar.clock.fSize : undefined }}>
            {clockText(moment, timeZone)}
          </span>
        )}
      </div>
      {example && (
        <p className="bg-background px-3 py-1 text-xs text-muted-foreground" data-testid="preview-footer-example">
          {EXAMPLE_NOTE}
        </p>
      )}
    </div>
  )
}
