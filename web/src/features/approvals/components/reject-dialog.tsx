import * as React from 'react'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'

export const REASON_REQUIRED = 'Informe o motivo da recusa.'
export const REASON_MAX = 500

type Props = {
  /** How many items the refusal covers; 0 closes the dialog. */
  count: number
  pending: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: (reason: string) => void
}

/** 'Recusar': the reason is required; the store reads it beside the item and in the e-mail. */
export function RejectDialog({ count, pending, onOpenChange, onConfirm }: Props) {
  const [reason, setReason] = React.useState('')
  const [error, setError] = React.useState('')
  const [wasOpen, setWasOpen] = React.useState(false)
  const open = count > 0
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open) {
      setReason('')
      setError('')
    }
  }
  const id = React.useId()

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const text = reason.trim()
    if (!text) {
      setError(REASON_REQUIRED)
      return
    }
    onConfirm(text)
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Recusar</DialogTitle>
          <DialogDescription>
            {count === 1 ? 'O item recusado' : `Os ${count} itens recusados`} não {count === 1 ? 'passa' : 'passam'} nas TVs; a loja recebe o motivo e pode
            reenviar.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>Motivo</Label>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={REASON_MAX}
              required
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => {
                setReason(e.target.value)
                if (error) setError('')
              }}
            />
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFormFooter pending={pending} submitLabel="Recusar" />
        </form>
      </DialogContent>
    </Dialog>
  )
}
