// The footer under the media (spec 2 §3 "Footer"): its height, colours, font
// size and weight; the logo at the left; at the right the quotes (green
// when rising, red when falling, `gap` apart), the weather and the clock,
// each at its own size. A widget the footer leaves out, or whose data did
// not come, is not drawn.
import { useEffect, useState } from 'react'
import { clockText, FOOTER_DEFAULTS } from '../lib/footer'
import { quoteViews, untilNextMinute, weatherText } from './footer'
import type { MediaFiles } from './media-cache'
import type { BottomBar, FooterData } from './protocol'
import { useAddress } from './use-address'

export function FooterBar({ bar, data, timeZone, now, media }: { bar: BottomBar; data: FooterData | null; timeZone: string; now: () => number; media: MediaFiles }) {
  const d = FOOTER_DEFAULTS
  const quotes = quoteViews(bar, data)
  const weather = bar.weather ? weatherText(data) : null
  return (
    <footer
      className="footer"
      data-fill=""
      style={{
        height: bar.height || d.height,
        background: bar.bgColor || d.bgColor,
        color: bar.color || d.color,
        fontSize: bar.fSize || d.fSize,
        fontWeight: bar.fWeight || d.fWeight,
      }}
    >
      {bar.logo && <Picture url={bar.logo} className="logo" media={media} />}
      <span className="spacer" />
      {bar.quote && quotes.length > 0 && (
        <span className="widget quotes" style={{ fontSize: bar.quote.style.fontSize || d.quoteSize }}>
          {quotes.map((quote, i) => (
            <span key={quote.asset} className="quote" style={{ color: quote.color, marginLeft: i === 0 ? 0 : bar.quote?.style.gap || d.quoteGap }}>
              {quote.icon && <Picture url={quote.icon} className="icon" media={media} />}
              <span data-text="">{quote.text}</span>
            </span>
          ))}
        </span>
      )}
      {weather && (
        <span className="widget" data-text="" title={weather.description} style={{ fontSize: bar.weather?.fontSize || d.weatherSize }}>
          {weather.text}
        </span>
      )}
      {bar.clock && <Clock timeZone={timeZone} now={now} color={bar.clock.color || d.clockColor} size={bar.clock.fSize || d.clockSize} />}
    </footer>
  )
}

/** A picture of the footer (logo, coin icon), from the kept copy when there is one. */
function Picture({ url, className, media }: { url: string; className: string; media: MediaFiles }) {
  const address = useAddress(media, url)
  return address ? <img src={address} alt="" className={className} data-picture="" /> : null
}

/** 'HH:MM' on the screen's wall clock, redrawn when the minute turns. */
function Clock({ timeZone, now, color, size }: { timeZone: string; now: () => number; color: string; size: number }) {
  const [moment, setMoment] = useState(now)
  useEffect(() => {
    const timer = setTimeout(() => setMoment(now()), untilNextMinute(moment) + 50)
    return () => clearTimeout(timer)
  }, [moment, now])
  return (
    <span className="widget clock" data-text="" style={{ color, fontSize: size }}>
      {clockText(moment, timeZone)}
    </span>
  )
}
