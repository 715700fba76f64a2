// @vitest-environment node
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { openAt, openDuration, validateHours, type StoreHours } from '.'

// The same cases internal/hours runs (hours_test.go): both sides must agree on each.
interface Case {
  name: string
  hours: StoreHours | string | null
  timeZone?: string
  moment?: string
  from?: string
  to?: string
  open?: boolean
  openMinutes?: number
  error?: string | null
  valid?: StoreHours
}

const file = JSON.parse(fs.readFileSync(new URL('../../../../api/hours-cases.json', import.meta.url), 'utf8')) as {
  about: string
  hours: Record<string, StoreHours>
  cases: Case[]
}

const instant = (iso: string | undefined) => {
  const ms = Date.parse(iso ?? '')
  if (Number.isNaN(ms)) throw new Error(`not an ISO-8601 instant: ${iso}`)
  return ms
}

const hoursOf = (c: Case) => {
  if (typeof c.hours !== 'string') return c.hours
  const named = file.hours[c.hours]
  if (!named) throw new Error(`no hours named ${c.hours}`)
  return named
}

describe('api/hours-cases.json', () => {
  it('has unique names and exactly one expectation each', () => {
    expect(file.cases.length).toBeGreaterThanOrEqual(40)
    expect(new Set(file.cases.map((c) => c.name)).size).toBe(file.cases.length)
    for (const c of file.cases) {
      expect((['open', 'openMinutes', 'error'] as const).filter((k) => k in c), c.name).toHaveLength(1)
    }
  })

  it.each(file.cases)('$name', (c) => {
    const h = hoursOf(c)
    if (c.open !== undefined) {
      expect(openAt(h, c.timeZone!, instant(c.moment))).toBe(c.open)
    } else if (c.openMinutes !== undefined) {
      expect(openDuration(h, c.timeZone!, instant(c.from), instant(c.to))).toBe(c.openMinutes * 60_000)
    } else {
      const got = validateHours(h!)
      if (c.error === null) {
        expect(got.error).toBeUndefined()
        if (c.valid) expect(got.hours).toEqual(c.valid)
      } else {
        expect(got.error).toBe(c.error)
      }
    }
  })
})

describe('openDuration', () => {
  it('matches a minute-by-minute count across a change of clocks', () => {
    const h = file.hours['repeated-hour']
    const from = Date.UTC(2026, 9, 30, 5, 17)
    const to = from + 5 * 86_400_000
    let count = 0
    for (let at = from; at < to; at += 60_000) if (openAt(h, 'America/New_York', at)) count += 60_000
    expect(openDuration(h, 'America/New_York', from, to)).toBe(count)
  })
})
