// An item's dates: epoch ms naming calendar days of the franchise's zone, as
// the schedule entries' (the first day's start, the last day's end).
import { dayEnd, dayStart, localDay } from '@/components/media-entries/media-form'

/** 'dd/MM/yyyy' of a day 'yyyy-MM-dd'. */
function dayText(day: string) {
  const [y, m, d] = day.split('-')
  return `${d}/${m}/${y}`
}

/** The date field's value ('yyyy-MM-dd') of a stored date; '' when absent. */
export function dayInput(moment: number | undefined, timeZone: string) {
  return moment ? localDay(moment, timeZone) : ''
}

/** The stored dates of the two date fields ('Início', 'Fim'); an empty field is no date. */
export function datesOf(start: string, end: string, timeZone: string): { startDate?: number; endDate?: number } {
  return {
    ...(start ? { startDate: dayStart(start, timeZone) } : {}),
    ...(end ? { endDate: dayEnd(end, timeZone) } : {}),
  }
}

/** The message when the last day comes before the first; null when they fit. */
export function datesProblem(start: string, end: string): string | null {
  return start && end && end < start ? 'A data de fim não pode ser anterior à data de início.' : null
}

/** An item's dates as the page says them. */
export function datesText(version: { startDate?: number; endDate?: number }, timeZone: string) {
  const start = version.startDate ? dayText(localDay(version.startDate, timeZone)) : ''
  const end = version.endDate ? dayText(localDay(version.endDate, timeZone)) : ''
  if (start && end) return `De ${start} a ${end}`
  if (start) return `A partir de ${start}`
  if (end) return `Até ${end}`
  return 'Sem datas: passa a partir de hoje, sem fim'
}
