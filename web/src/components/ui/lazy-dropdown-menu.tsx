import * as React from 'react'
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'

type TriggerProps = React.HTMLAttributes<HTMLElement> & { 'data-state'?: string }

type Props = {
  /** The button that opens the menu (given to the trigger as its child). */
  trigger: React.ReactElement<TriggerProps>
  /** The menu's items. */
  children: React.ReactNode
} & Omit<React.ComponentProps<typeof DropdownMenuContent>, 'children'>

/** The keys that open a Radix menu from its trigger. */
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown'])

/**
 * A dropdown menu for lists that repeat one on every row or column (the TV
 * tables of Visão Geral draw hundreds): until it is first opened it is only
 * its button, announced as opening a menu, and the menu's parts (Radix root,
 * popper, focus scope) are mounted on the first press or key that opens it —
 * the menu then opens as a DropdownMenu would.
 */
export function LazyDropdownMenu({ trigger, children, ...contentProps }: Props) {
  const [used, setUsed] = React.useState(false)
  if (!used) {
    return React.cloneElement(trigger, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      'data-state': 'closed',
      onPointerDown: (event: React.PointerEvent<HTMLElement>) => {
        trigger.props.onPointerDown?.(event)
        // As Radix's trigger: the main button without Ctrl (which opens the context menu on macOS).
        if (event.button === 0 && !event.ctrlKey && !event.defaultPrevented) {
          event.preventDefault()
          setUsed(true)
        }
      },
      onKeyDown: (event: React.KeyboardEvent<HTMLElement>) => {
        trigger.props.onKeyDown?.(event)
        if (OPEN_KEYS.has(event.key) && !event.defaultPrevented) {
          event.preventDefault()
          setUsed(true)
        }
      },
    })
  }
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent {...contentProps}>{children}</DropdownMenuContent>
    </DropdownMenu>
  )
}
