// The one order of names in the product, the same as the server's
// (internal/names/names.go, SortKey and Compare): case and Latin accents do
// not matter ("Ótica" = "otica"), spaces are trimmed and collapsed, runs of
// digits compare by value with leading zeros ignored ("TV 2" before "TV 10",
// "TV 02" next to "TV 2"), and names with the same key are ordered by the
// names themselves, so a list comes out the same whatever order it came in.
// Both sides are checked against api/name-order-cases.json.

/** Accented Latin letters and their lower-case base letters (names.go's `latin` table). */
const latinGroups: Record<string, string> = {
  a: 'ÀÁÂÃÄÅàáâãäåĀāĂăĄą',
  ae: 'Ææ',
  c: 'ÇçĆćĈĉĊċČč',
  d: 'ĎďĐðđ',
  e: 'ÈÉÊËèéêëĒēĔĕĖėĘęĚě',
  g: 'ĜĝĞğĠġĢģ',
  h: 'ĤĥĦħ',
  i: 'ÌÍÎÏìíîïĨĩĪīĬĭĮįİı',
  j: 'Ĵĵ',
  k: 'Ķķ',
  l: 'ĹĺĻļĽľĿŀŁł',
  n: 'ÑñŃńŅņŇň',
  o: 'ÒÓÔÕÖØòóôõöøŌōŎŏŐő',
  oe: 'Œœ',
  r: 'ŔŕŖŗŘř',
  s: 'ŚśŜŝŞşŠš',
  ss: 'ß',
  t: 'ŢţŤťŦŧ',
  u: 'ÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲų',
  w: 'Ŵŵ',
  y: 'ÝýÿŶŷŸ',
  z: 'ŹźŻżŽž',
}

const latin = new Map<string, string>()
for (const [base, letters] of Object.entries(latinGroups)) for (const letter of letters) latin.set(letter, base)

/** Go's unicode.IsSpace, which strings.Fields splits on (JavaScript's \s differs: U+FEFF in, U+0085 out). */
const spaces = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/

/** Lower-case with the accents of Latin letters stripped ("Ação" → "acao"), like names.Fold. */
export function foldName(name: string): string {
  let out = ''
  for (const char of name) {
    const code = char.charCodeAt(0)
    if (code < 0x80) out += code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 0x20) : char
    // One character at a time, as Go's unicode.ToLower does (no context rules such as the final sigma).
    else out += latin.get(char) ?? char.toLowerCase()
  }
  return out
}

const isDigit = (code: number) => code >= 0x30 && code <= 0x39

/** Longest digit run kept (its last digits), as in names.go. */
const MAX_DIGITS = 40

/**
 * The key whose code point order is the reading order of names (names.SortKey):
 * folded, spaces collapsed, and every run of digits written as its length (a
 * character below '0') then its digits without leading zeros, so a shorter
 * number sorts before a longer one.
 */
export function sortKey(name: string): string {
  let key = sortKeys.get(name)
  if (key === undefined) {
    if (sortKeys.size >= SORT_KEYS_KEPT) sortKeys.clear()
    key = computeSortKey(name)
    sortKeys.set(name, key)
  }
  return key
}

/**
 * Keys already computed, by name: a list is sorted again on each filter and
 * each refresh, and a table compares the same names many times while sorting.
 * Emptied when it holds this many (a franchise's stores and TVs fit).
 */
const sortKeys = new Map<string, string>()
const SORT_KEYS_KEPT = 20_000

function computeSortKey(name: string): string {
  const folded = foldName(name).split(spaces).filter(Boolean).join(' ')
  let key = ''
  for (let i = 0; i < folded.length; ) {
    if (!isDigit(folded.charCodeAt(i))) {
      key += folded[i]
      i++
      continue
    }
    let start = i
    while (start < folded.length && folded.charCodeAt(start) === 0x30) start++
    let end = start
    while (end < folded.length && isDigit(folded.charCodeAt(end))) end++
    let digits = folded.slice(start, end)
    if (digits.length > MAX_DIGITS) digits = digits.slice(-MAX_DIGITS)
    key += String.fromCharCode(digits.length + 1) + digits
    i = end
  }
  return key
}

/**
 * Compares strings by code point, the order of Go's strings.Compare on UTF-8.
 * JavaScript's `<` compares UTF-16 units, which puts characters above U+FFFF
 * (surrogate pairs) before U+E000–U+FFFF; shifting the units fixes that.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i)
    let y = b.charCodeAt(i)
    if (x === y) continue
    if (x >= 0xd800 && y >= 0xd800) {
      x += x < 0xe000 ? 0x2000 : -0x800
      y += y < 0xe000 ? 0x2000 : -0x800
    }
    return x < y ? -1 : 1
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1
}

/** Orders two names (names.Compare): by sort key, then by the names themselves. */
export function compareNames(a: string, b: string): number {
  return compareCodePoints(sortKey(a), sortKey(b)) || compareCodePoints(a, b)
}

/** A copy of `items` in name order; each key is computed once, for long lists. */
export function sortByName<T extends { name: string }>(items: readonly T[]): T[]
export function sortByName<T>(items: readonly T[], nameOf: (item: T) => string): T[]
export function sortByName<T>(items: readonly T[], nameOf?: (item: T) => string): T[] {
  const keyed = items.map((item) => {
    const name = nameOf ? nameOf(item) : (item as { name: string }).name
    return { item, name, key: sortKey(name) }
  })
  keyed.sort((a, b) => compareCodePoints(a.key, b.key) || compareCodePoints(a.name, b.name))
  return keyed.map(({ item }) => item)
}
