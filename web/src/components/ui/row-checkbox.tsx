import type * as React from 'react'
import { cn } from '@/lib/utils'

type Props = Omit<React.ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> & {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}

/**
 * A checkbox drawn like Checkbox (checkbox.tsx) from a native input, for the
 * rows of a long list: a Radix checkbox per row (a button, its context,
 * presence and indicator) cost more to draw than the rest of the row. Space,
 * focus, the label and the checked state are the browser's own; no
 * indeterminate state (the select-all box keeps the Radix one).
 */
export function RowCheckbox({ className, checked, onCheckedChange, ...props }: Props) {
  return (
    <span className="relative inline-flex size-4 shrink-0 align-middle">
      <input
        type="checkbox"
        data-slot="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        className={cn(
          'peer size-4 shrink-0 cursor-default appearance-none rounded-[4px] border border-input shadow-xs outline-none transition-shadow checked:border-primary checked:bg-primary focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-input/30 dark:checked:bg-primary',
          className,
        )}
        {...props}
      />
      {/* lucide's Check, inline: one element, not a component per row. */}
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-primary-foreground peer-checked:block"
      >
        <path d="M20 6 9 17l-5-5" />
      </svg>
    </span>
  )
}
