import type * as React from 'react'
import { Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { DialogClose, DialogFooter } from '@/components/ui/dialog'

/** The footer of every form dialog: 'Cancelar' closes it, the submit button spins while the call runs. */
export function DialogFormFooter({
  pending = false,
  submitLabel = 'Salvar',
  submitIcon,
}: {
  pending?: boolean
  submitLabel?: string
  /** Shown before the label while nothing is running. */
  submitIcon?: React.ReactNode
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancelar
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : submitIcon}
        {submitLabel}
      </Button>
    </DialogFooter>
  )
}
