import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

// Every shape here comes from api/openapi.yaml (npm run gen:api).

export type AuditPage = Schemas['AuditPage']
export type AuditRecord = Schemas['AuditRecord']
export type AuditChange = Schemas['AuditChange']
export type AuditKind = Schemas['AuditKind']
export type AuditPerson = Schemas['AuditPerson']

/** The filters of 'Atividade', as the query sends them ('' = any). */
export type ActivityFilters = {
  person: string
  kind: string
  store: string
  /** YYYY-MM-DD, in the group's time zone. */
  from: string
  to: string
}

export const NO_FILTERS: ActivityFilters = { person: '', kind: '', store: '', from: '', to: '' }

/**
 * Whose records a view reads: a group the user belongs to, or (platform
 * administrators) any group by slug, '' for the platform's own.
 */
export type ActivitySource = { kind: 'group'; franchise: string } | { kind: 'admin'; franchise: string }
