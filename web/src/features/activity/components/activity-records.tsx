import * as React from 'react'
import { ChevronDown, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatDateTime } from '@/lib/format'
import type { AuditRecord } from '../api/types'
import { actionLabel, changeCells, fieldLabel, kindLabel } from '../labels'

const COLUMNS = 7

/** Who made a change: the person, an API token of the group ('Integrações'), or the system for changes made outside a request. */
export function whoLabel(record: Pick<AuditRecord, 'userEmail' | 'tokenName'>) {
  if (record.tokenName) return `Token: ${record.tokenName}`
  return record.userEmail || 'Sistema'
}

function Who({ record }: { record: AuditRecord }) {
  return (
    <div className="grid">
      <span>{whoLabel(record)}</span>
      {record.adminEmail && <span className="text-xs text-muted-foreground">Administrador: {record.adminEmail}</span>}
    </div>
  )
}

/** One record's changes side by side: Campo | Antes | Depois. */
function Changes({ record, id }: { record: AuditRecord; id: string }) {
  return (
    <div id={id} className="grid gap-2 bg-muted/30 p-3">
      {record.changes.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum campo alterado registrado.</p>
      ) : (
        <Table aria-label={`Alterações de ${record.name || kindLabel(record.kind)}`}>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Campo</TableHead>
              <TableHead scope="col">Antes</TableHead>
              <TableHead scope="col">Depois</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {record.changes.map((change) => {
              const { before, after } = changeCells(change)
              return (
                <TableRow key={change.field}>
                  <TableHead scope="row" className="font-medium">
                    {fieldLabel(change.field)}
                  </TableHead>
                  <TableCell className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">{before}</TableCell>
                  <TableCell className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">{after}</TableCell>
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
      )}
      <p className="text-xs text-muted-foreground">
        {[record.address && `Endereço: ${record.address}`, record.requestId && `Requisição: ${record.requestId}`].filter(Boolean).join(' · ')}
      </p>
    </div>
  )
}

/** The records, newest first; each opens to show its changes. */
export function ActivityRecords({ records, groupWide }: { records: AuditRecord[]; groupWide: boolean }) {
  const [open, setOpen] = React.useState<Set<number>>(() => new Set())
  const toggle = (seq: number) =>
    setOpen((was) => {
      const next = new Set(was)
      if (!next.delete(seq)) next.add(seq)
      return next
    })
  return (
    <Table aria-label="Registros de atividade">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">
            <span className="sr-only">Alterações</span>
          </TableHead>
          <TableHead scope="col">Data e hora</TableHead>
          <TableHead scope="col">Pessoa</TableHead>
          <TableHead scope="col">Tipo</TableHead>
          <TableHead scope="col">Ação</TableHead>
          <TableHead scope="col">Item</TableHead>
          <TableHead scope="col">Loja</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {records.map((record) => {
          const expanded = open.has(record.seq)
          const detailsId = `activity-changes-${record.seq}`
          const what = record.name || kindLabel(record.kind)
          return (
            <React.Fragment key={record.seq}>
              <TableRow data-state={expanded ? 'selected' : undefined}>
                <TableCell className="w-10">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-expanded={expanded}
                    aria-controls={expanded ? detailsId : undefined}
                    aria-label={`${expanded ? 'Ocultar' : 'Ver'} alterações: ${actionLabel(record.action)} de ${what}`}
                    onClick={() => toggle(record.seq)}
                  >
                    {expanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
                  </Button>
                </TableCell>
                <TableCell>{formatDateTime(new Date(record.at))}</TableCell>
                <TableCell className="min-w-40 max-w-56 whitespace-normal [overflow-wrap:anywhere]">
                  <Who record={record} />
                </TableCell>
                <TableCell>{kindLabel(record.kind)}</TableCell>
                <TableCell>{actionLabel(record.action)}</TableCell>
                <TableCell className="max-w-48 truncate" title={record.name}>
                  {record.name || '—'}
                </TableCell>
                <TableCell>{record.storeName ?? (record.storeId ? 'Loja removida' : groupWide ? 'Todo o grupo' : '—')}</TableCell>
              </TableRow>
              {expanded && (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={COLUMNS} className="whitespace-normal p-0">
                    <Changes record={record} id={detailsId} />
                  </TableCell>
                </TableRow>
              )}
            </React.Fragment>
          )
        })}
      </TableBody>
    </Table>
  )
}
