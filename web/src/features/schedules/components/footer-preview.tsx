import { clockText, FOOTER_DEFAULTS } from '@/lib/footer'
import type { BottomBar } from '../api/types'

// The preview's own size (spec 2 §2 "Preview": height 64px, font 16px).
export const PREVIEW_FOOTER = { height: 64, fontSize: 16 } as const

/**
 * The schedule's footer as the preview draws it: logo, clock at the simulated moment, weather and quotes as labels.
 * `actualSize` draws it at its own sizes (the footer editor's live preview) instead of the preview's fixed ones.
 */
export function FooterPreview({ bar, moment, timeZone, actualSize = false }: { bar: BottomBar; moment: number; timeZone: string; actualSize?: boolean }) {
  return (
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
      {bar.quote && (
        <span
          className="flex"
          style={{ color: bar.quote.style.green, gap: actualSize ? bar.quote.style.gap : 12, fontSize: actualSize ? bar.quote.style.fontSize : undefined }}
        >
          {/* No quote data here: the editor shows every other coin as falling, so both colours can be judged. */}
          {bar.quote.coins.map((coin, i) => (
            <span key={coin.asset} style={actualSize && i % 2 === 1 ? { color: bar.quote?.style.red } : undefined}>
              {coin.asset} {coin.symbol ?? ''}
            </span>
          ))}
        </span>
      )}
      {bar.weather && <span style={actualSize ? { fontSize: bar.weather.fontSize } : undefined}>☀ 25°C</span>}
      {bar.clock && (
        <span className="tabular-nums" style={{ color: bar.clock.color || FOOTER_DEFAULTS.clockColor, fontSize: actualSize ? bar.clock.fSize : undefined }}>
          {clockText(moment, timeZone)}
        </span>
      )}
    </div>
  )
}
