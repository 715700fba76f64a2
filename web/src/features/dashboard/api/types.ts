import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type Store = Schemas['Store']
export type Display = Schemas['Display']
export type StoreContact = Schemas['Contact']
export type ScheduleRef = Schemas['ScheduleRef']
export type DisplayCommand = Schemas['DisplayCommandInput']['operation']
