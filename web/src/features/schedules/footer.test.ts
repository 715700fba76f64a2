// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { typedNumber } from '@/lib/validation'
import { footerSchema, FOOTER_FORM_DEFAULTS, FOOTER_MESSAGES, footerParts, toBottomBar, toFooterValues, withFooterEnabled, type FooterValues } from './footer'

const values = (extra: Partial<FooterValues> = {}): FooterValues => ({ ...FOOTER_FORM_DEFAULTS, ...extra })
const firstError = (v: FooterValues) => {
  const result = footerSchema.safeParse(v)
  return result.success ? undefined : result.error.issues[0].message
}

describe('footer schema', () => {
  const cases: { name: string; extra: Partial<FooterValues>; error?: string }[] = [
    { name: 'accepts the defaults', extra: {} },
    { name: 'accepts height 24', extra: { height: 24 } },
    { name: 'accepts height 160', extra: { height: 160 } },
    { name: 'refuses height 23', extra: { height: 23 }, error: FOOTER_MESSAGES.height },
    { name: 'refuses height 161', extra: { height: 161 }, error: FOOTER_MESSAGES.height },
    { name: 'refuses an empty height', extra: { height: Number.NaN }, error: FOOTER_MESSAGES.number },
    { name: 'refuses a font size of 15', extra: { fSize: 15 }, error: FOOTER_MESSAGES.size },
    { name: 'refuses a clock size of 161', extra: { clockSize: 161 }, error: FOOTER_MESSAGES.size },
    { name: 'refuses a weather size of 10', extra: { weatherSize: 10 }, error: FOOTER_MESSAGES.size },
    { name: 'refuses a gap of 15', extra: { gap: 15 }, error: FOOTER_MESSAGES.size },
    { name: 'refuses a quote font of 200', extra: { quoteSize: 200 }, error: FOOTER_MESSAGES.size },
    { name: 'accepts weight 100', extra: { fWeight: 100 } },
    { name: 'accepts weight 900', extra: { fWeight: 900 } },
    { name: 'refuses weight 450 (steps of 100)', extra: { fWeight: 450 }, error: FOOTER_MESSAGES.weight },
    { name: 'refuses weight 1000', extra: { fWeight: 1000 }, error: FOOTER_MESSAGES.weight },
    { name: 'refuses a colour without #', extra: { bgColor: 'dfdfdf' }, error: FOOTER_MESSAGES.color },
    { name: 'refuses a short colour', extra: { green: '#080' }, error: FOOTER_MESSAGES.color },
    { name: 'refuses a logo that is not http(s)', extra: { logo: 'ftp://x/logo.png' }, error: FOOTER_MESSAGES.logo },
    { name: 'accepts an empty logo', extra: { logo: '' } },
    { name: 'asks for a coin when quotes are on', extra: { coins: [] }, error: FOOTER_MESSAGES.coins },
    { name: 'needs no coin when quotes are off', extra: { coins: [], quoteEnabled: false } },
  ]
  it.each(cases)('$name', ({ extra, error }) => {
    expect(firstError(values(extra))).toBe(error)
  })

  // What each number box gives the schema for the text typed (typedNumber): never another number.
  it.each([
    { typed: '1.5', error: FOOTER_MESSAGES.number },
    { typed: '-3', error: FOOTER_MESSAGES.height },
    { typed: '1e2', error: FOOTER_MESSAGES.number },
    { typed: 'abc', error: FOOTER_MESSAGES.number },
    { typed: '', error: FOOTER_MESSAGES.number },
    { typed: '999', error: FOOTER_MESSAGES.height },
    { typed: ' 40 ', error: undefined },
  ])('a height typed as $typed', ({ typed, error }) => {
    expect(firstError(values({ height: typedNumber(typed) }))).toBe(error)
  })

  it('refuses a currency outside the list', () => {
    expect(footerSchema.safeParse({ ...values(), coins: ['BRL'] }).success).toBe(false)
  })
})

describe('footer save rules', () => {
  it('saves the defaults with clock, weather and USD/EUR quotes', () => {
    expect(toBottomBar(values())).toEqual({
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
        ],
        style: { gap: 20, fontSize: 30, green: '#008800', red: '#aa0000' },
      },
    })
  })

  it.each([
    ['clock', { clockEnabled: false }],
    ['weather', { weatherEnabled: false }],
    ['quote', { quoteEnabled: false }],
  ] as const)('leaves out a disabled %s', (key, extra) => {
    const bar = toBottomBar(values(extra))
    expect(bar).not.toBeNull()
    expect(bar).not.toHaveProperty(key)
  })

  it('saves no footer (null) when the footer is off', () => {
    expect(toBottomBar(values({ enabled: false }))).toBeNull()
  })

  it('keeps a logo address', () => {
    expect(toBottomBar(values({ logo: ' https://cdn.test/logo.png ' }))?.logo).toBe('https://cdn.test/logo.png')
  })

  it('switching the footer off turns clock, weather and quote off', () => {
    expect(withFooterEnabled(values(), false)).toMatchObject({ enabled: false, clockEnabled: false, weatherEnabled: false, quoteEnabled: false })
  })

  it('switching the footer on for the first time turns clock, weather and quote on', () => {
    const off = values({ enabled: false, clockEnabled: false, weatherEnabled: false, quoteEnabled: false })
    expect(withFooterEnabled(off, true)).toMatchObject({ enabled: true, clockEnabled: true, weatherEnabled: true, quoteEnabled: true })
  })

  it('switching the footer off and on again brings back the parts that were on', () => {
    const before = values({ weatherEnabled: false })
    const off = withFooterEnabled(before, false)
    expect(withFooterEnabled(off, true, footerParts(before))).toMatchObject({ enabled: true, clockEnabled: true, weatherEnabled: false, quoteEnabled: true })
  })

  it('switching on a footer whose parts were all off turns them all on, not an empty bar', () => {
    const before = values({ clockEnabled: false, weatherEnabled: false, quoteEnabled: false })
    expect(withFooterEnabled(values({ enabled: false }), true, footerParts(before))).toMatchObject({ clockEnabled: true, weatherEnabled: true, quoteEnabled: true })
  })

  it('reads a stored footer back into the same form', () => {
    const v = values({ height: 80, weatherEnabled: false, coins: ['GBP', 'JPY', 'CHF', 'SEK'] })
    expect(toFooterValues(toBottomBar(v))).toEqual(v)
  })

  it('opens a schedule without footer with the defaults, switched off', () => {
    expect(toFooterValues(null)).toMatchObject({ enabled: false, height: 64, bgColor: '#dfdfdf', coins: ['USD', 'EUR'], clockEnabled: false })
  })
})
