import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

/** A schedule as lists of choices show it: id and name. */
export type ScheduleRef = Schemas['ScheduleRef']

/** A row of the Programações list. */
export type ScheduleSummary = Schemas['ScheduleSummary']
/** One schedule with its entries (fullMedia: with type, url and thumbnail). */
export type Schedule = Schemas['Schedule']
export type ScheduleEntry = Schemas['ScheduleEntry']
export type ScheduleEntryInput = Schemas['ScheduleEntryInput']
export type BottomBar = Schemas['BottomBar']
/** What a TV shows now and next (GET /display/{franchise}/{store}/{id}/now). */
export type Playing = Schemas['Playing']
export type PlayingItem = Schemas['PlayingItem']
/** The answer of GET …/now: the TV, what it plays, and whether it rests (store closed). */
export type DisplayNow = Schemas['DisplayNowResponse']

/** Where a schedule is: franchise slug and id. */
export type ScheduleAddress = { franchise: string; id: string }
