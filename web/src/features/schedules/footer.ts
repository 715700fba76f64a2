// The footer editor's rules (spec 2 §3 "Footer", §4 "Footer", §5 "Footer form", §9 defaults).
import { z } from 'zod'
import { FOOTER_DEFAULTS } from '@/lib/footer'
import type { BottomBar } from './api/types'

export const COIN_SYMBOLS = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CHF: 'CHF',
  CAD: '$',
  AUD: '$',
  DKK: 'kr',
  NOK: 'kr',
  SEK: 'kr',
} as const
export type Coin = keyof typeof COIN_SYMBOLS
export const COINS = Object.keys(COIN_SYMBOLS) as Coin[]

export const FOOTER_MESSAGES = {
  number: 'Campo deve ser um número válido',
  height: 'A altura deve estar entre 24 e 160',
  size: 'O valor deve estar entre 16 e 160',
  weight: 'O peso da fonte deve ser de 100 a 900, de 100 em 100',
  color: 'Cor inválida (use #RRGGBB)',
  logo: 'Digite um endereço http(s) válido',
  coins: 'Selecione pelo menos uma moeda',
} as const

const number = z.number({ error: FOOTER_MESSAGES.number }).int(FOOTER_MESSAGES.number)
const between = (min: number, max: number, message: string) => number.min(min, message).max(max, message)
const size = between(16, 160, FOOTER_MESSAGES.size)
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, FOOTER_MESSAGES.color)

/** The form: every section always has values; the toggles say which are saved. */
export const footerSchema = z
  .object({
    enabled: z.boolean(),
    height: between(24, 160, FOOTER_MESSAGES.height),
    bgColor: color,
    color: color,
    fSize: size,
    fWeight: between(100, 900, FOOTER_MESSAGES.weight).multipleOf(100, FOOTER_MESSAGES.weight),
    logo: z
      .string()
      .trim()
      .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), FOOTER_MESSAGES.logo),
    clockEnabled: z.boolean(),
    clockColor: color,
    clockSize: size,
    weatherEnabled: z.boolean(),
    weatherSize: size,
    quoteEnabled: z.boolean(),
    coins: z.array(z.enum(COINS)),
    gap: size,
    quoteSize: size,
    green: color,
    red: color,
  })
  .superRefine((v, ctx) => {
    if (v.enabled && v.quoteEnabled && v.coins.length === 0) ctx.addIssue({ code: 'custom', message: FOOTER_MESSAGES.coins, path: ['coins'] })
  })
export type FooterValues = z.infer<typeof footerSchema>

/** Spec 2 §9's default footer, as the form holds it. */
export const FOOTER_FORM_DEFAULTS: FooterValues = {
  enabled: true,
  height: FOOTER_DEFAULTS.height,
  bgColor: FOOTER_DEFAULTS.bgColor,
  color: FOOTER_DEFAULTS.color,
  fSize: FOOTER_DEFAULTS.fSize,
  fWeight: FOOTER_DEFAULTS.fWeight,
  logo: '',
  clockEnabled: true,
  clockColor: FOOTER_DEFAULTS.clockColor,
  clockSize: FOOTER_DEFAULTS.clockSize,
  weatherEnabled: true,
  weatherSize: FOOTER_DEFAULTS.weatherSize,
  quoteEnabled: true,
  coins: ['USD', 'EUR'],
  gap: FOOTER_DEFAULTS.quoteGap,
  quoteSize: FOOTER_DEFAULTS.quoteSize,
  green: FOOTER_DEFAULTS.green,
  red: FOOTER_DEFAULTS.red,
}

/** The form for a stored footer; with none, the defaults with the footer switched off. */
export function toFooterValues(bar: BottomBar | null | undefined): FooterValues {
  const d = FOOTER_FORM_DEFAULTS
  if (!bar) return { ...d, enabled: false, clockEnabled: false, weatherEnabled: false, quoteEnabled: false }
  return {
    enabled: true,
    height: bar.height,
    bgColor: bar.bgColor,
    color: bar.color,
    fSize: bar.fSize,
    fWeight: bar.fWeight,
    logo: bar.logo ?? '',
    clockEnabled: !!bar.clock,
    clockColor: bar.clock?.color ?? d.clockColor,
    clockSize: bar.clock?.fSize ?? d.clockSize,
    weatherEnabled: !!bar.weather,
    weatherSize: bar.weather?.fontSize ?? d.weatherSize,
    quoteEnabled: !!bar.quote,
    coins: bar.quote ? bar.quote.coins.map((c) => c.asset) : d.coins,
    gap: bar.quote?.style.gap ?? d.gap,
    quoteSize: bar.quote?.style.fontSize ?? d.quoteSize,
    green: bar.quote?.style.green ?? d.green,
    red: bar.quote?.style.red ?? d.red,
  }
}

/** What is saved: null for a disabled footer; a disabled clock, weather or quote is left out. */
export function toBottomBar(v: FooterValues): BottomBar | null {
  if (!v.enabled) return null
  const logo = v.logo.trim()
  return {
    height: v.height,
    bgColor: v.bgColor,
    color: v.color,
    fSize: v.fSize,
    fWeight: v.fWeight,
    ...(logo ? { logo } : {}),
    ...(v.clockEnabled ? { clock: { color: v.clockColor, fSize: v.clockSize } } : {}),
    ...(v.weatherEnabled ? { weather: { fontSize: v.weatherSize } } : {}),
    ...(v.quoteEnabled
      ? {
          quote: {
            coins: v.coins.map((asset) => ({ asset, symbol: COIN_SYMBOLS[asset] })),
            style: { gap: v.gap, fontSize: v.quoteSize, green: v.green, red: v.red },
          },
        }
      : {}),
  }
}

/** Which parts of the footer are on. */
export type FooterParts = Pick<FooterValues, 'clockEnabled' | 'weatherEnabled' | 'quoteEnabled'>

/** Every part on: a footer switched on for the first time shows clock, weather and quotes (spec 2 §9's default footer). */
export const ALL_FOOTER_PARTS: FooterParts = { clockEnabled: true, weatherEnabled: true, quoteEnabled: true }

export function footerParts(v: FooterValues): FooterParts {
  return { clockEnabled: v.clockEnabled, weatherEnabled: v.weatherEnabled, quoteEnabled: v.quoteEnabled }
}

/**
 * Switching the whole footer off also switches the clock, weather and quote
 * off (spec 2 §4); switching it on again turns on the parts that were on
 * before (`parts`, what footerParts read when it went off), or every part
 * when there is nothing to go back to, never an empty bar.
 */
export function withFooterEnabled(v: FooterValues, enabled: boolean, parts: FooterParts = ALL_FOOTER_PARTS): FooterValues {
  if (!enabled) return { ...v, enabled, clockEnabled: false, weatherEnabled: false, quoteEnabled: false }
  const restored = parts.clockEnabled || parts.weatherEnabled || parts.quoteEnabled ? parts : ALL_FOOTER_PARTS
  return { ...v, enabled, ...restored }
}
