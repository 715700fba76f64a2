import { Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { DialogClose, DialogFooter } from '@/components/ui/dialog'

/** The footer of every form dialog: 'Cancelar' closes it, the submit button spins while the call runs. */
export function DialogFormFooter({ pending, submitLabel = 'Salvar' }: { pending: boolean; submitLabel?: string }) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancelar
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
        {submitLabel}
      </Button>
    </DialogFooter>
  )
}
