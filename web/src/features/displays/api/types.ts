import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type Display = Schemas['Display']
export type DisplayCommand = Schemas['DisplayCommandInput']['operation']

/** Where a TV is: the API addresses it by franchise, store and id. */
export type DisplayRef = { franchise: string; store: string; id: string }
