import * as React from 'react'
import { Loader2 } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatDate } from '@/lib/format'
import { cn } from '@/lib/utils'
import { useDisplayCommandFile } from '../api/get-display-command-file'
import { useDisplayCommands } from '../api/get-display-commands'
import type { Display, DisplayCommandJob, DisplayCommandStatus, DisplayRef } from '../api/types'
import { commandLabel, commandStatusLabels } from '../commands'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string | undefined
  /** The TV; kept by the caller while the dialog closes. */
  display: Display | undefined
}

const TIME_PATTERN = 'dd/MM/yyyy HH:mm:ss'

const statusStyles: Record<DisplayCommandStatus, string> = {
  sent: 'border-sky-600/30 bg-sky-500/10 text-sky-700 dark:text-sky-400',
  done: 'border-emerald-600/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
  failed: 'border-destructive/30 bg-destructive/10 text-destructive',
  timeout: 'border-amber-600/30 bg-amber-500/10 text-amber-700 dark:text-amber-400',
  queued: 'text-muted-foreground',
}

function CommandStatusBadge({ status }: { status: DisplayCommandStatus }) {
  return (
    <Badge variant="outline" className={statusStyles[status]}>
      {status === 'sent' && <Loader2 className="animate-spin" aria-hidden="true" />}
      {commandStatusLabels[status]}
    </Badge>
  )
}

/**
 * A ref that points an <img> or <video> at a Blob for as long as the element
 * is mounted: the object URL is made when it attaches and revoked when it
 * goes (React 19 ref cleanup).
 */
function useBlobSource(blob: Blob) {
  return React.useCallback(
    (element: HTMLImageElement | HTMLVideoElement | null) => {
      if (!element) return
      const url = URL.createObjectURL(blob)
      element.src = url
      return () => URL.revokeObjectURL(url)
    },
    [blob],
  )
}

function BlobImage({ blob, ...props }: { blob: Blob } & Omit<React.ComponentProps<'img'>, 'src' | 'ref'>) {
  const source = useBlobSource(blob)
  return <img ref={source} {...props} />
}

function BlobVideo({ blob, ...props }: { blob: Blob } & Omit<React.ComponentProps<'video'>, 'src' | 'ref'>) {
  const source = useBlobSource(blob)
  return <video ref={source} {...props} />
}

/** A screenshot: a thumbnail that opens the picture at full size. */
function Screenshot({ blob, tvName }: { blob: Blob; tvName: string }) {
  const [full, setFull] = React.useState(false)
  const alt = `Captura de tela de ${tvName}`
  return (
    <>
      <button
        type="button"
        className="block overflow-hidden rounded border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label="Ampliar captura de tela"
        title="Clique para ver em tamanho real"
        onClick={() => setFull(true)}
      >
        <BlobImage blob={blob} alt={alt} className="h-24 w-auto max-w-48 object-contain" />
      </button>
      <Dialog open={full} onOpenChange={setFull}>
        <DialogContent className="max-h-[95vh] w-fit overflow-auto sm:max-w-[95vw]">
          <DialogHeader>
            <DialogTitle>Captura de tela</DialogTitle>
            <DialogDescription>{tvName}</DialogDescription>
          </DialogHeader>
          <BlobImage blob={blob} alt={alt} className="h-auto max-h-[80vh] w-auto max-w-full" />
        </DialogContent>
      </Dialog>
    </>
  )
}

/** The screenshot or video a job brought back, fetched with the session's token. */
function CommandFile({ display, job, tvName }: { display: DisplayRef; job: DisplayCommandJob; tvName: string }) {
  const file = useDisplayCommandFile(display, job.id)
  if (file.isPending) return <Skeleton className="h-24 w-40" aria-label="Carregando arquivo" />
  if (file.isError) return <span className="text-destructive">Não foi possível carregar o arquivo.</span>
  const kind = job.fileType ?? file.data.type
  const isVideo = kind ? kind.startsWith('video/') : job.operation === 'recordVideo'
  if (isVideo) {
    return <BlobVideo blob={file.data} controls preload="metadata" aria-label={`Vídeo gravado de ${tvName}`} className="h-40 w-auto max-w-72 rounded border bg-black" />
  }
  return <Screenshot blob={file.data} tvName={tvName} />
}

/** What the player answered, by kind: a version, an error, a file or a text. */
function CommandResult({ display, job, tvName }: { display: DisplayRef; job: DisplayCommandJob; tvName: string }) {
  const muted = (text: string) => <span className="text-muted-foreground">{text}</span>
  switch (job.status) {
    case 'sent':
      return muted('Aguardando resposta do TV box…')
    case 'queued':
      return muted('—')
    case 'timeout':
      return muted(job.error || 'O TV box não respondeu a tempo.')
    case 'failed':
      return <span className="text-destructive">{job.error || 'O TV box não conseguiu executar o comando.'}</span>
    case 'done':
      if (job.hasFile) return <CommandFile display={display} job={job} tvName={tvName} />
      if (job.operation === 'identifyVersion' && job.result) return <span>Versão {job.result}</span>
      if (job.result) return <span>{job.result}</span>
      return muted('—')
  }
}

/**
 * 'Resultados dos comandos': the TV's latest remote commands, what became of
 * each and what the player sent back. Asked again every 2 s while a command
 * waits for the player.
 */
export function DisplayCommandResultsDialog({ open, onOpenChange, franchise, display }: Props) {
  const ref = franchise && display ? { franchise, store: display.store, id: display.id } : undefined
  const commands = useDisplayCommands(ref, { enabled: open })
  const list = commands.data ?? []
  const tvName = display?.name ?? ''

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>Resultados dos comandos</DialogTitle>
          <DialogDescription>{display ? `Televisor: ${display.name} (${display.device}). Os 20 comandos mais recentes.` : ''}</DialogDescription>
        </DialogHeader>
        {!ref ? null : commands.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : commands.isError && !commands.data ? (
          <p className="text-sm text-destructive">Não foi possível carregar os resultados dos comandos.</p>
        ) : list.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">Nenhum comando enviado a este televisor.</p>
        ) : (
          <Table aria-label={`Comandos enviados a ${tvName}`}>
            <TableHeader>
              <TableRow>
                <TableHead>Comando</TableHead>
                <TableHead>Enviado em</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Concluído em</TableHead>
                <TableHead>Resultado</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((job) => (
                <TableRow key={job.id}>
                  <TableCell className="font-medium">{commandLabel(job.operation)}</TableCell>
                  <TableCell className="tabular-nums">{formatDate(job.createdAt, TIME_PATTERN)}</TableCell>
                  <TableCell>
                    <CommandStatusBadge status={job.status} />
                  </TableCell>
                  <TableCell className={cn('tabular-nums', !job.completedAt && 'text-muted-foreground')}>
                    {job.completedAt ? formatDate(job.completedAt, TIME_PATTERN) : '—'}
                  </TableCell>
                  <TableCell className="whitespace-normal">
                    <CommandResult display={ref} job={job} tvName={tvName} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
    </Dialog>
  )
}
