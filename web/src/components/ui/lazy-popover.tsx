import * as React from 'react'
import { popoverParts, type PopoverParts } from '@/components/ui/lazy-parts'

type TriggerProps = React.HTMLAttributes<HTMLElement> & { 'data-state'?: string }

type Props = {
  /** The button that opens the popover (given to the trigger as its child). */
  trigger: React.ReactElement<TriggerProps>
  children: React.ReactNode
  /** Controlled, as Radix's: `onOpenChange(true)` comes once the code has arrived. */
  open?: boolean
  onOpenChange?: (open: boolean) => void
  /** More code the content needs, fetched with the popover's and awaited before it opens. */
  load?: () => Promise<unknown>
} & Omit<React.ComponentProps<PopoverParts['PopoverContent']>, 'children'>

/**
 * A popover that is only its button until first used, as LazyDropdownMenu:
 * its code is fetched on the button's first hover or focus, and the first
 * click mounts it already open.
 */
export function LazyPopover({ trigger, children, open, onOpenChange, load, ...contentProps }: Props) {
  const [used, setUsed] = React.useState(false)
  const parts = used ? popoverParts.current() : undefined
  if (!parts) {
    const fetchAll = () => Promise.all([popoverParts.load(), load?.()])
    return React.cloneElement(trigger, {
      'aria-haspopup': 'dialog',
      'aria-expanded': false,
      'data-state': 'closed',
      onPointerEnter: (event: React.PointerEvent<HTMLElement>) => {
        trigger.props.onPointerEnter?.(event)
        void fetchAll().catch(() => {})
      },
      onFocus: (event: React.FocusEvent<HTMLElement>) => {
        trigger.props.onFocus?.(event)
        void fetchAll().catch(() => {})
      },
      onClick: (event: React.MouseEvent<HTMLElement>) => {
        trigger.props.onClick?.(event)
        if (event.defaultPrevented) return
        void fetchAll().then(() => {
          setUsed(true)
          onOpenChange?.(true)
        }, () => {})
      },
    })
  }
  const { Popover, PopoverContent, PopoverTrigger } = parts
  return (
    <Popover defaultOpen={open === undefined} open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent {...contentProps}>{children}</PopoverContent>
    </Popover>
  )
}
