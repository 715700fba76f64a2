// Numeric fields. A number field never rewrites what was typed (no digit
// filter dropping a '.' or a '-': '1.5' would become 15, '-3' would become 3
// and be saved): the text stays as typed and the field's rule refuses it.

/**
 * What a numeric field holds, read as typed: a plain number, whole or with a
 * decimal part and sign ('15', '1.5', '1,5', '-3'), is its value, for the
 * field's rule to refuse when it is not a whole number in range; anything else
 * ('', 'abc', '1e2', '0x10') is NaN. Register a number field with
 * `{ setValueAs: typedNumber }`, never `valueAsNumber` (which reads '1e2' as 100).
 */
export function typedNumber(text: unknown): number {
  if (typeof text === 'number') return text
  const t = String(text ?? '').trim()
  return /^-?\d+([.,]\d+)?$/.test(t) ? Number(t.replace(',', '.')) : Number.NaN
}

/** Whether a field's text is a whole number from min to max, digits only as typed. */
export function isWholeNumberIn(text: string, min: number, max: number): boolean {
  const t = text.trim()
  return /^\d+$/.test(t) && Number(t) >= min && Number(t) <= max
}
