import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type Display = Schemas['Display']
export type DisplayCommand = Schemas['DisplayCommandInput']['operation']
/** A command job sent to a TV's player, and its answer. */
export type DisplayCommandJob = Schemas['DisplayCommand']
export type DisplayCommandStatus = DisplayCommandJob['status']

/** Where a TV is: the API addresses it by franchise, store and id. */
export type DisplayRef = { franchise: string; store: string; id: string }

/** A TV's health: its player's latest report, last playback errors and problems. */
export type DisplayHealth = Schemas['DisplayHealth']
export type HealthProblem = Schemas['HealthProblem']
