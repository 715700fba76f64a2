import type { AlertChannel, OfflineTV } from './api/types'

const MINUTE = 60_000

/** An outage's length as people read it, like the messages: "45 min", "2 h 15 min", "3 d 4 h". */
export function outageDuration(ms: number) {
  const minutes = Math.max(1, Math.floor(ms / MINUTE))
  const days = Math.floor(minutes / (24 * 60))
  const hours = Math.floor(minutes / 60) % 24
  const mins = minutes % 60
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`
  return `${mins} min`
}

/**
 * The outage's real offline time at `now` (epoch ms): its earlier drops and the current one since
 * the TV went dark, never the returns in between; null for a TV whose player never connected.
 */
export function offlineTime(tv: Pick<OfflineTV, 'since' | 'earlierOfflineMs'>, now: number) {
  if (!tv.since) return null
  return tv.earlierOfflineMs + Math.max(0, now - tv.since)
}

/** When the outage had earlier drops, when its first one began (the "Há" column counts them). */
export function earlierDropsSince(tv: Pick<OfflineTV, 'since' | 'outageSince'>) {
  return tv.since && tv.outageSince && tv.outageSince !== tv.since ? tv.outageSince : null
}

export const channelLabels: Record<AlertChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp', email: 'E-mail' }

/** Delay units of the settings form, in minutes. */
export const delayUnits = { minutes: 1, hours: 60, days: 24 * 60 } as const
export type DelayUnit = keyof typeof delayUnits
export const delayUnitLabels: Record<DelayUnit, string> = { minutes: 'minutos', hours: 'horas', days: 'dias' }

/** The largest unit that writes a delay in whole numbers: 2880 → 2 days, 90 → 90 minutes. */
export function splitDelay(minutes: number): { amount: number; unit: DelayUnit } {
  if (minutes % delayUnits.days === 0) return { amount: minutes / delayUnits.days, unit: 'days' }
  if (minutes % delayUnits.hours === 0) return { amount: minutes / delayUnits.hours, unit: 'hours' }
  return { amount: minutes, unit: 'minutes' }
}

/** A phone with country code (5581987654321) as "(81) 98765-4321"; anything else as it is. */
export function formatRecipient(recipient: string) {
  const m = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(recipient)
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : recipient
}
