import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type AlertSettings = Schemas['AlertSettings']
export type AlertSettingsInput = Schemas['AlertSettingsInput']
export type AlertChannel = Schemas['AlertMessage']['channel']
/** A TV of the franchise offline now. */
export type OfflineTV = Schemas['AlertOfflineTV']
/** One alert message, with its delivery status. */
export type AlertMessage = Schemas['AlertMessage']
export type AlertsOverview = Schemas['AlertsOverview']
