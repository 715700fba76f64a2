import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

/** A schedule as lists of choices show it: id and name. */
export type ScheduleRef = Schemas['ScheduleRef']

/** A TV, as the schedule dialog links a schedule to it. */
export type Display = Schemas['Display']

/** Where a TV is: the API addresses it by franchise, store and id. */
export type DisplayRef = { franchise: string; store: string; id: string }
