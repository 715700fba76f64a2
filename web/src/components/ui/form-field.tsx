import * as React from 'react'
import { cn } from '@/lib/utils'
import { Label } from '@/components/ui/label'

type FormFieldProps = {
  /** id of the control inside, so the label and the error attach to it. */
  id: string
  label: React.ReactNode
  error?: string
  description?: React.ReactNode
  className?: string
  children: React.ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>
}

/** A label, one control and its validation message, wired for assistive technology. */
export function FormField({ id, label, error, description, className, children }: FormFieldProps) {
  const errorId = `${id}-error`
  const descriptionId = `${id}-description`
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id} className={cn(error && 'text-destructive')}>
        {label}
      </Label>
      {React.cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {description && (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
