// Input masks shared by the forms: they turn whatever the user typed into the
// masked text, and `digitsOf` turns it back into what the API stores.

/** Only the digits of a text. */
export function digitsOf(value: string) {
  return value.replace(/\D/g, '')
}

/** Longest masked phone: '(DD) NNNNN-NNNN'. */
export const PHONE_MASK_MAX_LENGTH = 15

/**
 * The digits of a Brazilian phone as typed or pasted, without what comes
 * before the area code: Brazil's country code ('+55 (81) 98765-4321',
 * '5581987654321') or the long-distance 0 ('081 98765-4321'). A number of
 * area code 55 itself, '(55) 99876-5432', stays as it is.
 */
export function phoneDigitsOf(value: string) {
  let digits = digitsOf(value)
  if ((value.trimStart().startsWith('+') || digits.length > 11) && digits.startsWith('55')) digits = digits.slice(2)
  if (digits.length > 10 && digits.startsWith('0')) digits = digits.slice(1)
  return digits
}

/**
 * Brazilian phone mask: '(DD) NNNN-NNNN' for 10 digits, '(DD) NNNNN-NNNN' for
 * 11; partial input is masked as far as it goes, a leading country code is
 * dropped, then extra digits. Apply it to the whole text typed or pasted
 * (never cut the text first: '+55 (81) 98765-4321' is longer than the mask).
 */
export function maskPhone(value: string) {
  const digits = phoneDigitsOf(value).slice(0, 11)
  if (digits.length === 0) return ''
  if (digits.length <= 2) return `(${digits}`
  const area = digits.slice(0, 2)
  const rest = digits.slice(2)
  // The hyphen moves one place to the right once the ninth digit arrives.
  const head = rest.length > 8 ? 5 : 4
  if (rest.length <= head) return `(${area}) ${rest}`
  return `(${area}) ${rest.slice(0, head)}-${rest.slice(head)}`
}

/** A phone the API accepts: 10 or 11 digits, with or without the mask. */
export function isValidPhone(value: string) {
  const digits = phoneDigitsOf(value)
  return digits.length === 10 || digits.length === 11
}

/** CNPJ mask 00.000.000/0000-00, applied as far as the input goes. */
export function maskCnpj(value: string) {
  const d = digitsOf(value).slice(0, 14)
  const parts: [number, number, string][] = [
    [0, 2, ''],
    [2, 5, '.'],
    [5, 8, '.'],
    [8, 12, '/'],
    [12, 14, '-'],
  ]
  let out = ''
  for (const [start, end, separator] of parts) {
    if (d.length <= start) break
    out += separator + d.slice(start, end)
  }
  return out
}
