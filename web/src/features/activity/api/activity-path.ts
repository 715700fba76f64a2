import type { ActivityFilters, ActivitySource } from './types'

/** The path of a source's records (csv: the spreadsheet's) with the filters in the query. */
export function activityPath(source: ActivitySource, filters: ActivityFilters, extra: Record<string, string> = {}, csv = false) {
  const query = new URLSearchParams()
  if (source.kind === 'admin' && source.franchise) query.set('franchise', source.franchise)
  for (const [key, value] of Object.entries({ ...filters, ...extra })) if (value) query.set(key, value)
  const base = source.kind === 'group' ? `/audit/${encodeURIComponent(source.franchise)}` : '/admin/audit'
  const qs = query.toString()
  return `${base}${csv ? '/csv' : ''}${qs ? `?${qs}` : ''}`
}

/** The session a source's calls use: an administrator's own for the admin area. */
export const activityAuth = (source: ActivitySource) => (source.kind === 'admin' ? ('admin' as const) : ('user' as const))
