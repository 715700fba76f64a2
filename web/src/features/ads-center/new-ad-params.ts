import { nameTooLong } from '@/lib/name-length'

// The calendar page reads the new ad's name and duration from its address by
// the rules of the 'New Ad' form (newAdSchema in schemas.ts), without zod:
// the calendar draws before the form libraries arrive.

/** A whole number of seconds above zero, as typed. */
export const isPositive = (value: string) => /^\d+$/.test(value) && Number(value) > 0

/** The new-ad page's query (?name=…&duration=…), or null when the dialog must be filled first. */
export function newAdParams(search: URLSearchParams): { name: string; duration: number } | null {
  const name = (search.get('name') ?? '').trim()
  const duration = (search.get('duration') ?? '').trim()
  if (!name || nameTooLong(name) || !isPositive(duration)) return null
  return { name, duration: Number(duration) }
}
