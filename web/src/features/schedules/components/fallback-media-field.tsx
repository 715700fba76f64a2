import * as React from 'react'
import { X } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { findMedia, MediaPickerDialog, useMedias } from '@/features/medias'

type Props = {
  franchise: string
  /** The chosen network media's id; '' = none. */
  mediaId: string
  onChange: (mediaId: string) => void
  /** The field's name, and the id its group is labelled by. */
  label: string
  labelId: string
  /** Said in place of the media when none is chosen. */
  emptyText: string
}

/**
 * The network media a slot or a local space plays when it has nothing of its
 * own: named from the library, removable, chosen in the media picker.
 */
export function FallbackMediaField({ franchise, mediaId, onChange, label, labelId, emptyText }: Props) {
  const [pickerOpen, setPickerOpen] = React.useState(false)
  // The library is read only to name a chosen fallback.
  const medias = useMedias(mediaId ? franchise : undefined)
  const name = mediaId ? ((medias.data && findMedia(medias.data.folderMap, mediaId)?.name) ?? 'Mídia reserva') : ''

  return (
    <div className="grid gap-2" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        {mediaId ? (
          <Badge variant="secondary" className="gap-1 pr-1">
            {name}
            <button type="button" aria-label={`Remover ${name}`} className="rounded-full p-0.5 hover:bg-muted-foreground/20" onClick={() => onChange('')}>
              <X className="size-3" />
            </button>
          </Badge>
        ) : (
          <span className="text-sm text-muted-foreground">{emptyText}</span>
        )}
        <Button type="button" variant="outline" size="sm" onClick={() => setPickerOpen(true)}>
          {mediaId ? 'Trocar mídia reserva' : 'Escolher mídia reserva'}
        </Button>
      </div>
      <MediaPickerDialog open={pickerOpen} onOpenChange={setPickerOpen} franchise={franchise} multiple={false} onSelect={(chosen) => chosen[0] && onChange(chosen[0].id)} />
    </div>
  )
}
