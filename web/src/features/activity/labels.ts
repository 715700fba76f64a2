// The pt-BR names of the trail's kinds, actions and fields come from api/audit-labels.json, which
// the server's CSV reads too: one list for both.
import labels from '../../../../api/audit-labels.json'
import type { AuditChange } from './api/types'

const kinds: Record<string, string> = labels.kinds
const actions: Record<string, string> = labels.actions
const fields: Record<string, string> = labels.fields

export const kindLabel = (kind: string) => kinds[kind] ?? kind
export const actionLabel = (action: string) => actions[action] ?? action
/** A known field's name; an unknown one shows its own. */
const nameOf = (field: string) => fields[field] ?? field

/**
 * The name of a recorded change's field, whose path names the parts inside lists and objects:
 * 'entries[17].displayTime' reads 'Itens nº 18 › Tempo de exibição', 'entries[3:5]' 'Itens nº 4 a
 * 5', 'entries[3:3]' (items put in before the fourth) 'Itens: novos na posição 4'. The server's
 * CSV says the same (api/audit.go, AuditFieldLabel).
 */
export function fieldLabel(path: string): string {
  return path
    .split('.')
    .map((segment) => {
      const m = /^([^[]+)\[(\d+)(?::(\d+))?\]$/.exec(segment)
      if (!m) return nameOf(segment)
      const label = nameOf(m[1])
      const a = Number(m[2])
      if (m[3] === undefined) return `${label} nº ${a + 1}`
      const b = Number(m[3])
      if (b <= a) return `${label}: novos na posição ${a + 1}`
      if (b === a + 1) return `${label} nº ${a + 1}`
      return `${label} nº ${a + 1} a ${b}`
    })
    .join(' › ')
}

/** The kinds of the 'Tipo' filter, by name. */
export const kindOptions = Object.entries(kinds)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'))

/** A recorded value as a reader writes it: text without quotes, '—' for none. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—'
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não'
  if (typeof value === 'number') return value.toLocaleString('pt-BR')
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ')
  return JSON.stringify(value)
}

/** Before and after of one change, as the table shows them. */
export function changeCells(change: AuditChange): { before: string; after: string } {
  if (change.redacted) return { before: 'não registrado', after: 'não registrado' }
  return { before: valueText(change.before), after: valueText(change.after) }
}
