// API helpers for the schedule flows: a schedule's entries put in straight
// through the API (the add-media form is another screen).
import type { components } from '../../src/lib/api-types.ts'
import type { Api } from './api.ts'

type Schemas = components['schemas']
export type Schedule = Schemas['Schedule']
export type ScheduleSummary = Schemas['ScheduleSummary']
export type ScheduleEntryInput = Schemas['ScheduleEntryInput']

/** GET /schedule/{franchise}: the list with duration and TV counts. */
export async function listSchedules(api: Api, token: string, franchise: string): Promise<ScheduleSummary[]> {
  const { scheduleList } = await api.get<{ scheduleList: ScheduleSummary[] }>(`/schedule/${franchise}`, token)
  return scheduleList
}

/** The franchise's schedule with this name (throws when there is none). */
export async function scheduleNamed(api: Api, token: string, franchise: string, name: string): Promise<ScheduleSummary> {
  const found = (await listSchedules(api, token, franchise)).find((s) => s.name === name)
  if (!found) throw new Error(`no schedule named ${name}`)
  return found
}

export async function getSchedule(api: Api, token: string, franchise: string, id: string): Promise<Schedule> {
  const { schedule } = await api.get<{ schedule: Schedule }>(`/schedule/${franchise}/${id}`, token)
  return schedule
}

/** Replaces the schedule's entry list (with the stored hash, as the console does). */
export async function saveEntries(api: Api, token: string, franchise: string, id: string, media: ScheduleEntryInput[]): Promise<Schedule> {
  const { hash } = await getSchedule(api, token, franchise, id)
  const { schedule } = await api.post<{ schedule: Schedule }>(`/schedule/${franchise}/${id}`, { media, hash }, token)
  return schedule
}
