import { nameTooLong } from '@/lib/name-length'
import { isWholeNumberIn, typedNumber } from '@/lib/whole-number'
import { AD_VALIDATION, MAX_AD_SECONDS } from './messages'

// The calendar page reads the new ad's name and duration from its address by
// the rules of the 'New Ad' form (newAdSchema in schemas.ts), without zod:
// the calendar draws before the form libraries arrive.

/**
 * What is wrong with a duration as typed, or null for a whole number of
 * seconds from 1 to MAX_AD_SECONDS: 'Duração deve ser maior do que 0' for zero
 * or below, the server's words for a fraction, too long or not a number
 * ('1.5', '1e2', 'abc' are refused, never read as another number).
 */
export function adDurationProblem(value: string): string | null {
  if (isWholeNumberIn(value, 1, MAX_AD_SECONDS)) return null
  const seconds = typedNumber(value)
  return seconds <= 0 ? AD_VALIDATION.positive : AD_VALIDATION.whole
}

/** The new-ad page's query (?name=…&duration=…), or null when the dialog must be filled first. */
export function newAdParams(search: URLSearchParams): { name: string; duration: number } | null {
  const name = (search.get('name') ?? '').trim()
  const duration = (search.get('duration') ?? '').trim()
  if (!name || nameTooLong(name) || adDurationProblem(duration) !== null) return null
  return { name, duration: Number(duration) }
}
