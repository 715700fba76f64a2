import { localTime } from '@/lib/playback'
import type { BottomBar } from '../api/types'

// Spec 2 §9's footer defaults, and the preview's own size (§2 "Preview": height 64px, font 16px).
export const FOOTER_DEFAULTS = { bgColor: '#dfdfdf', color: '#000000', fWeight: 700, clockColor: '#000000' } as const
export const PREVIEW_FOOTER = { height: 64, fontSize: 16 } as const

const pad = (n: number) => String(n).padStart(2, '0')

/** The schedule's footer as the preview draws it: logo, clock at the simulated moment, weather and quotes as labels. */
export function FooterPreview({ bar, moment, timeZone }: { bar: BottomBar; moment: number; timeZone: string }) {
  const t = localTime(moment, timeZone)
  return (
    <div
      data-testid="preview-footer"
      className="flex items-center gap-4 px-3"
      style={{
        height: PREVIEW_FOOTER.height,
        fontSize: PREVIEW_FOOTER.fontSize,
        background: bar.bgColor || FOOTER_DEFAULTS.bgColor,
        color: bar.color || FOOTER_DEFAULTS.color,
        fontWeight: bar.fWeight || FOOTER_DEFAULTS.fWeight,
      }}
    >
      {bar.logo && <img src={bar.logo} alt="" className="h-4/5 w-auto object-contain" />}
      <span className="flex-1" />
      {bar.quote && (
        <span className="flex gap-3" style={{ color: bar.quote.style.green }}>
          {bar.quote.coins.map((coin) => (
            <span key={coin.asset}>
              {coin.asset} {coin.symbol ?? ''}
            </span>
          ))}
        </span>
      )}
      {bar.weather && <span>☀ 25°C</span>}
      {bar.clock && (
        <span className="tabular-nums" style={{ color: bar.clock.color || FOOTER_DEFAULTS.clockColor }}>
          {pad(t.hour)}:{pad(t.minute)}
        </span>
      )}
    </div>
  )
}
