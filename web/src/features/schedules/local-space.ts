// 'Espaço local': a schedule entry each store fills with its own approved
// items (isLocal, localTime seconds each, an optional network fallback). Its
// form, how it becomes an entry, and what deleting one costs the stores.
import { z } from 'zod'
import { sortWindows } from '@/components/media-entries/entries'
import { entryDates, formFromEntry, MAX_LIMIT_BY_HOUR, MEDIA_FORM_MESSAGES, timeGapProblem } from '@/components/media-entries/media-form'
import { EVERY_DAY } from '@/lib/playback'
import { isWholeNumberIn, nameField, wholeNumberField } from '@/lib/validation'
import type { ScheduleEntry, ScheduleEntryInput } from './api/types'
import { toEntryInput } from './entries'

/** Seconds each store's item plays in a space, as the server checks them (400 / 1003). */
export const MIN_LOCAL_TIME = 5
export const MAX_LOCAL_TIME = 300
export const LOCAL_TIME_MESSAGE = `A duração deve ficar entre ${MIN_LOCAL_TIME} e ${MAX_LOCAL_TIME} segundos.`
export const LOCAL_SPACE_NAME = 'Espaço local'

/** A local space, told apart from media and ad slots by isLocal. */
export const isLocalSpace = (entry: { isLocal?: boolean | null }) => entry.isLocal === true

export const localSpaceSchema = z
  .object({
    name: nameField(),
    /** As typed: '7.5', '1e1' are refused, never rewritten. */
    localTime: wholeNumberField(MIN_LOCAL_TIME, MAX_LOCAL_TIME, { range: LOCAL_TIME_MESSAGE }),
    /** A network media; '' = none (the space is skipped where a store has nothing that day). */
    localFallbackMediaId: z.string(),
    // The rules every entry has, as the add-media form edits them.
    dok: z.number(),
    timeGap: z.array(z.string()),
    limitByHour: z.string(),
    dateMode: z.enum(['single', 'range']),
    date: z.object({ from: z.string(), to: z.string() }),
    mediaInitGap: z.string(),
    mediaEndGap: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.limitByHour.trim() !== '' && !isWholeNumberIn(values.limitByHour, 0, MAX_LIMIT_BY_HOUR)) {
      ctx.addIssue({ code: 'custom', path: ['limitByHour'], message: MEDIA_FORM_MESSAGES.limitByHour })
    }
    if ((values.dok & EVERY_DAY) === 0) ctx.addIssue({ code: 'custom', path: ['dok'], message: MEDIA_FORM_MESSAGES.noWeekday })
    const windows = timeGapProblem(values.timeGap)
    if (windows) ctx.addIssue({ code: 'custom', path: ['timeGap'], message: windows })
  })
export type LocalSpaceInput = z.input<typeof localSpaceSchema>
export type LocalSpaceValues = z.output<typeof localSpaceSchema>

export const LOCAL_SPACE_DEFAULTS: LocalSpaceInput = {
  name: LOCAL_SPACE_NAME,
  localTime: '10',
  localFallbackMediaId: '',
  dok: EVERY_DAY,
  timeGap: [],
  limitByHour: '',
  dateMode: 'range',
  date: { from: '', to: '' },
  mediaInitGap: '',
  mediaEndGap: '',
}

/** The form filled from a stored space ('Editar' on its row); the defaults without one. */
export function localSpaceFormOf(entry: ScheduleEntry | undefined, timeZone: string): LocalSpaceInput {
  if (!entry) return LOCAL_SPACE_DEFAULTS
  const rules = formFromEntry({ ...entry, type: undefined }, '', timeZone)
  return {
    ...LOCAL_SPACE_DEFAULTS,
    name: entry.name,
    localTime: String(entry.localTime ?? entry.displayTime ?? LOCAL_SPACE_DEFAULTS.localTime),
    localFallbackMediaId: entry.localFallbackMediaId ?? '',
    dok: rules.dok,
    timeGap: rules.timeGap,
    limitByHour: rules.limitByHour,
    dateMode: rules.dateMode,
    date: rules.date,
  }
}

/**
 * The space as sent: isLocal, localTime (its stored display time too, one
 * item's worth), the fallback when chosen, and the rules. An edited space
 * keeps its id and whether it is enabled; a new one gets an id from the server.
 */
export function toLocalEntry(values: LocalSpaceValues, timeZone: string, previous?: ScheduleEntry): ScheduleEntryInput {
  const limitByHour = values.limitByHour.trim() === '' ? 0 : Number(values.limitByHour.trim())
  return {
    ...(previous ? { id: previous.id } : {}),
    name: values.name,
    isLocal: true,
    localTime: values.localTime,
    displayTime: values.localTime,
    ...(values.localFallbackMediaId ? { localFallbackMediaId: values.localFallbackMediaId } : {}),
    dok: values.dok,
    enabled: previous?.enabled ?? true,
    stretch: false,
    ...entryDates(values, timeZone),
    timeGap: sortWindows(values.timeGap),
    ...(limitByHour > 0 ? { limitByHour } : {}),
    volume: 0,
  }
}

/** The schedule's new list: a new space goes first (as a new ad slot does); an edited one stays where it is. */
export function withLocalSpace(entries: readonly ScheduleEntry[], space: ScheduleEntryInput, index?: number): ScheduleEntryInput[] {
  const rest = entries.map(toEntryInput)
  if (index === undefined) return [space, ...rest]
  rest.splice(index, 1, space)
  return rest
}

/** A space a save would delete, and how many stores have content in it. */
export type FilledSpace = { id: string; name: string; stores: number }

/**
 * The local spaces of `before` that `after` no longer holds (by id) and that
 * stores fill (Schedule.localFill): saving `after` deletes their content.
 */
export function droppedFilledSpaces(
  before: readonly ScheduleEntry[],
  after: readonly { id?: string; isLocal?: boolean }[],
  localFill: Record<string, number> | undefined,
): FilledSpace[] {
  if (!localFill) return []
  const kept = new Set(after.filter(isLocalSpace).map((entry) => entry.id))
  const seen = new Set<string>()
  const dropped: FilledSpace[] = []
  for (const entry of before) {
    const stores = localFill[entry.id] ?? 0
    if (!isLocalSpace(entry) || stores <= 0 || kept.has(entry.id) || seen.has(entry.id)) continue
    seen.add(entry.id)
    dropped.push({ id: entry.id, name: entry.name, stores })
  }
  return dropped
}

const storesText = (n: number) => `${n} ${n === 1 ? 'loja' : 'lojas'}`

/**
 * What the confirmation says before the spaces go: how many stores fill
 * each. Null when no store does (nothing is lost).
 */
export function filledSpacesWarning(spaces: readonly FilledSpace[]): string | null {
  if (spaces.length === 0) return null
  if (spaces.length === 1) return `Este espaço tem conteúdo de ${storesText(spaces[0].stores)}. Excluir o espaço apaga esse conteúdo.`
  const list = spaces.map((space) => `"${space.name}" (${storesText(space.stores)})`).join(', ')
  return `Estes espaços têm conteúdo das lojas: ${list}. Excluir os espaços apaga esse conteúdo.`
}
