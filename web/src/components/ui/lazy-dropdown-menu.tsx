import * as React from 'react'
import { menuParts, preload, type MenuParts } from '@/components/ui/lazy-parts'

type TriggerProps = React.HTMLAttributes<HTMLElement> & { 'data-state'?: string }

type ContentProps = Omit<React.ComponentProps<MenuParts['DropdownMenuContent']>, 'children'>

type Props = {
  /** The button that opens the menu (given to the trigger as its child). */
  trigger: React.ReactElement<TriggerProps>
  /** The menu's items, drawn with the parts given (the menu's code arrives on first use). */
  children: (parts: MenuParts) => React.ReactNode
} & ContentProps

/** The keys that open a Radix menu from its trigger. */
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown'])

/**
 * A dropdown menu that is only its button until first used: announced as
 * opening a menu, it fetches the menu's code (Radix's menu, popper, focus
 * scope) when first hovered or focused, and on the first press or key that
 * opens a menu it mounts the menu already open (once the code has arrived).
 * Lists repeat one on every row or column, and the header's menus are on
 * every screen: none of them costs a screen its first draw.
 */
export function LazyDropdownMenu({ trigger, children, ...contentProps }: Props) {
  const [used, setUsed] = React.useState(false)
  // Opened from the keyboard, a Radix menu puts the focus on its first item: it
  // notes the key from its mount on, and this one was mounted by the key.
  const keyboardOpening = React.useRef(false)
  const focusFirstItem = React.useCallback((content: HTMLDivElement | null) => {
    if (!content || !keyboardOpening.current) return
    keyboardOpening.current = false
    // The menu focuses itself once mounted; its first item then takes the focus.
    const onFocus = (event: FocusEvent) => {
      if (event.target !== content) return
      content.removeEventListener('focusin', onFocus)
      content.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus({ preventScroll: true })
    }
    content.addEventListener('focusin', onFocus)
  }, [])
  const parts = used ? menuParts.current() : undefined
  if (!parts) {
    const open = (how: 'pointer' | 'keyboard') =>
      void menuParts.load().then(() => {
        keyboardOpening.current = how === 'keyboard'
        setUsed(true)
      }, () => {})
    return React.cloneElement(trigger, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      'data-state': 'closed',
      onPointerEnter: (event: React.PointerEvent<HTMLElement>) => {
        trigger.props.onPointerEnter?.(event)
        preload(menuParts)
      },
      onFocus: (event: React.FocusEvent<HTMLElement>) => {
        trigger.props.onFocus?.(event)
        preload(menuParts)
      },
      onPointerDown: (event: React.PointerEvent<HTMLElement>) => {
        trigger.props.onPointerDown?.(event)
        // As Radix's trigger: the main button without Ctrl (which opens the context menu on macOS).
        if (event.button === 0 && !event.ctrlKey && !event.defaultPrevented) {
          event.preventDefault()
          open('pointer')
        }
      },
      onKeyDown: (event: React.KeyboardEvent<HTMLElement>) => {
        trigger.props.onKeyDown?.(event)
        if (OPEN_KEYS.has(event.key) && !event.defaultPrevented) {
          event.preventDefault()
          open('keyboard')
        }
      },
    })
  }
  const { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } = parts
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent ref={focusFirstItem} {...contentProps}>
        {children(parts)}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
