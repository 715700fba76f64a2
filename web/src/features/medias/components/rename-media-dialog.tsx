import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/hooks/use-toast'
import { useRenameMedia } from '../api/update-media'
import { renameMediaSchema, type RenameMediaInput } from '../schemas'
import type { Media } from '../types'

type Props = { media: Media | null; franchise: string | undefined; onClose: () => void }

export function RenameMediaDialog({ media, franchise, onClose }: Props) {
  const rename = useRenameMedia(franchise)
  // Keep the last media while the dialog animates out.
  const [last, setLast] = React.useState(media)
  if (media && media !== last) setLast(media)
  const shown = media ?? last
  const form = useForm<RenameMediaInput>({ resolver: zodResolver(renameMediaSchema), values: { mediaName: shown?.name ?? '' } })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(({ mediaName }) => {
    if (!media) return
    rename.mutate(
      { id: media.id, name: mediaName },
      {
        onSuccess: () => {
          toast({ title: 'Nome atualizado com sucesso', description: `A mídia agora se chama ${mediaName}.` })
          onClose()
        },
      },
    )
  })

  return (
    <Dialog open={media !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar Mídia</DialogTitle>
          <DialogDescription>Altere o nome da mídia. O arquivo continua o mesmo.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="media-name" label="Nome da mídia" error={errors.mediaName?.message}>
            <Input placeholder="Digite o nome da mídia" autoComplete="off" {...form.register('mediaName')} />
          </FormField>
          <DialogFormFooter pending={rename.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
