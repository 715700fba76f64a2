import * as React from 'react'
import { Loader2, Upload } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { ScrollArea } from '@/components/ui/scroll-area'
import { cn } from '@/lib/utils'
import { acceptFor, helperText } from '../lib/upload-rules'
import { mediaMessages, uploadNamesSchema } from '../schemas'
import type { MediaKind } from '../types'
import { UploadItemRow } from './upload-item-row'
import { useUploadQueue, type UploadItem, type UploadTarget } from './use-upload-queue'

const titles: Record<MediaKind, string> = { image: 'Enviar Imagens', video: 'Enviar Vídeos' }

/** Items whose name the form checks: the ones that will be sent. */
const named = (item: UploadItem) => item.status !== 'error'

type Props = {
  /** The modal's kind while open; null closes it. */
  kind: MediaKind | null
  onClose: () => void
  franchise: string | undefined
  /** API folder string of the open folder. */
  folder: string
  /** The open folder as the breadcrumb shows it. */
  folderLabel: string
  /** Another destination than the library (a store's own folder). */
  target?: UploadTarget
}

export function UploadDialog({ kind, onClose, franchise, folder, folderLabel, target }: Props) {
  // Keep the last kind so the closing animation keeps its title.
  const [shownKind, setShownKind] = React.useState<MediaKind>(kind ?? 'image')
  if (kind && kind !== shownKind) setShownKind(kind)
  const queue = useUploadQueue(shownKind, franchise, target)
  const [showNameErrors, setShowNameErrors] = React.useState(false)
  const [dragging, setDragging] = React.useState(false)
  const inputRef = React.useRef<HTMLInputElement>(null)
  const inputId = React.useId()

  const close = () => {
    if (queue.isUploading) return
    queue.clear()
    setShowNameErrors(false)
    onClose()
  }

  const addFiles = (files: FileList | null) => {
    if (files?.length) queue.addFiles(Array.from(files))
  }

  const nameChecked = queue.items.filter(named)
  const parsed = uploadNamesSchema.safeParse({ files: nameChecked.map((item) => ({ fileName: item.name })) })
  const nameErrors = new Map<string, string>()
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const index = issue.path[1]
      if (typeof index === 'number' && !nameErrors.has(nameChecked[index].id)) nameErrors.set(nameChecked[index].id, issue.message)
    }
  }

  const analyzing = queue.items.some((item) => item.status === 'analyzing')
  const sendable = queue.items.filter((item) => item.status === 'ready' || item.status === 'failed')

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (nameErrors.size > 0) {
      setShowNameErrors(true)
      return
    }
    setShowNameErrors(false)
    const allSaved = await queue.start(folder)
    if (allSaved) {
      queue.clear()
      onClose()
    }
  }

  return (
    <Dialog open={kind !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent
        className="sm:max-w-2xl"
        showCloseButton={!queue.isUploading}
        onInteractOutside={(event) => queue.isUploading && event.preventDefault()}
        onEscapeKeyDown={(event) => queue.isUploading && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{titles[shownKind]}</DialogTitle>
          <DialogDescription>Os arquivos serão salvos em {folderLabel}.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
          <div
            className={cn(
              'grid justify-items-center gap-2 rounded-md border border-dashed p-5 text-center transition-colors',
              dragging && 'border-primary bg-primary/5',
              queue.isUploading && 'opacity-60',
            )}
            onDragOver={(event) => {
              if (queue.isUploading || !event.dataTransfer.types.includes('Files')) return
              event.preventDefault()
              setDragging(true)
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event) => {
              if (queue.isUploading || !event.dataTransfer.types.includes('Files')) return
              event.preventDefault()
              setDragging(false)
              addFiles(event.dataTransfer.files)
            }}
          >
            <Upload className="size-6 text-muted-foreground" aria-hidden="true" />
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              multiple
              accept={acceptFor(shownKind)}
              className="sr-only"
              aria-label="Selecionar arquivos"
              disabled={queue.isUploading}
              onChange={(event) => {
                addFiles(event.target.files)
                event.target.value = ''
              }}
            />
            <Button type="button" variant="outline" disabled={queue.isUploading} onClick={() => inputRef.current?.click()}>
              Selecionar arquivos
            </Button>
            <p className="text-sm text-muted-foreground">ou arraste os arquivos para cá</p>
            <p className="text-xs text-muted-foreground">{helperText[shownKind]}</p>
          </div>

          {queue.items.length > 0 && (
            <ScrollArea type="auto" className={cn('min-w-0', queue.items.length > 2 && 'h-[21rem]')} data-testid="upload-list">
              <ul className={cn('grid gap-3', queue.items.length > 2 && 'pr-3')} aria-label="Arquivos para enviar">
                {queue.items.map((item) => (
                  <UploadItemRow
                    key={item.id}
                    item={item}
                    kind={shownKind}
                    nameError={showNameErrors ? nameErrors.get(item.id) : undefined}
                    locked={queue.isUploading}
                    onNameChange={(name) => queue.setName(item.id, name)}
                    onRemove={() => queue.remove(item.id)}
                  />
                ))}
              </ul>
            </ScrollArea>
          )}

          {showNameErrors && nameErrors.size > 0 && (
            <p className="text-sm font-medium text-destructive" role="alert">
              {mediaMessages.fillAllFields}
            </p>
          )}

          <DialogFooter>
            {queue.isUploading ? (
              <Button type="button" variant="outline" onClick={queue.cancel}>
                Interromper envio
              </Button>
            ) : (
              <Button type="button" variant="outline" onClick={close}>
                Cancelar
              </Button>
            )}
            <Button type="submit" disabled={queue.isUploading || analyzing || sendable.length === 0}>
              {(queue.isUploading || analyzing) && <Loader2 className="animate-spin" aria-hidden="true" />}
              {queue.isUploading ? 'Enviando...' : 'Enviar'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
