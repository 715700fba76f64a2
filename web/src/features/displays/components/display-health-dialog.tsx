import { TriangleAlert } from 'lucide-react'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { useNow } from '@/hooks/use-now'
import { formatDate } from '@/lib/format'
import { useDisplayHealth } from '../api/get-display-health'
import type { Display } from '../api/types'
import { formatBytes, formatClock, formatUptime } from '../health'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string | undefined
  /** The TV; kept by the caller while the dialog closes. */
  display: Display | undefined
}

const TIME_PATTERN = 'dd/MM/yyyy HH:mm:ss'

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  )
}

/**
 * 'Saúde do televisor': the latest report of the TV's player (sent with its
 * acks), its problems and its last playback errors, asked again every 30 s
 * while open.
 */
export function DisplayHealthDialog({ open, onOpenChange, franchise, display }: Props) {
  const ref = franchise && display ? { franchise, store: display.store, id: display.id } : undefined
  const query = useDisplayHealth(ref, { enabled: open })
  const health = query.data
  const report = health?.report
  const now = useNow(10_000)

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Saúde do televisor</DialogTitle>
          <DialogDescription>
            {display ? `Televisor: ${display.name} (${display.device}).` : ''}
            {health?.reported ? ` Relatado em ${formatDate(health.reportedAt, TIME_PATTERN)}.` : ''}
          </DialogDescription>
        </DialogHeader>
        {!ref ? null : query.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : query.isError && !health ? (
          <p className="text-sm text-destructive">Não foi possível carregar a saúde do televisor.</p>
        ) : !health?.reported || !report ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            O player deste televisor ainda não enviou nenhum relatório.
          </p>
        ) : (
          <div className="grid gap-4">
            {health.problems.length > 0 ? (
              <section aria-label="Problemas" className="rounded-lg border border-amber-600/40 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200">
                <ul className="grid gap-1">
                  {health.problems.map((p) => (
                    <li key={p.code} className="flex items-center gap-2">
                      <TriangleAlert className="size-4 shrink-0" aria-hidden="true" /> {p.label}
                    </li>
                  ))}
                </ul>
              </section>
            ) : (
              <p className="text-sm text-emerald-700 dark:text-emerald-400">Nenhum problema no último relatório.</p>
            )}
            <dl className="divide-y">
              <Row label="Versão do player">
                <span className="font-mono">{report.version || '—'}</span>
              </Row>
              <Row label="Navegador">{report.browser || '—'}</Row>
              <Row label="Resolução">{report.screen || '—'}</Row>
              <Row label="Ligado há">
                {/* Uptime is written with the report; while the player stays connected it keeps counting. */}
                {formatUptime(report.uptime + (display?.connected ? Math.max(0, Math.floor((now - health.reportedAt) / 1000)) : 0))}
              </Row>
              <Row label="Armazenamento">
                {report.storageQuota > 0
                  ? `${formatBytes(report.storageUsed)} de ${formatBytes(report.storageQuota)} (${Math.round((report.storageUsed / report.storageQuota) * 100)} %)`
                  : report.storageUsed > 0
                    ? formatBytes(report.storageUsed)
                    : 'Não informado'}
              </Row>
              <Row label="Mídias em cache">
                {report.cached} {report.allCached ? '(toda a programação atual)' : '(faltam arquivos da programação atual)'}
              </Row>
              <Row label="Relógio">{formatClock(report.clockOffset)}</Row>
            </dl>
            <section aria-labelledby="health-errors">
              <h3 id="health-errors" className="mb-2 text-sm font-medium">
                Últimos erros
              </h3>
              {health.errors.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nenhum erro de reprodução.</p>
              ) : (
                <ul className="grid gap-2 text-sm">
                  {health.errors.map((e) => (
                    <li key={`${e.at}-${e.media}`} className="rounded-md border p-2">
                      <span className="font-medium">{e.media}</span>{' '}
                      <span className="tabular-nums text-muted-foreground">{formatDate(e.at, TIME_PATTERN)}</span>
                      <p className="text-muted-foreground">{e.message}</p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
