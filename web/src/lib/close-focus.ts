// Where the keyboard focus goes when a dialog, alert dialog or sheet closes
// (WCAG 2.4.3): back to what opened it. Radix gives it back only to its own
// Trigger; most of the console's dialogs open from a menu item (gone once the
// menu closes) or from state with no Trigger at all, and the focus fell to
// <body>, so the next Tab started over at the sidebar. The ui primitives wrap
// their Content's onOpenAutoFocus/onCloseAutoFocus with these two handlers.

/** What a dialog remembers as it opens. */
type Opening = {
  /** The control that opened it: the focused element, or the button of the menu it was chosen from. */
  opener: HTMLElement | null
  /** The opener's ancestors, nearest first, to find a surviving neighbour when the opener is gone. */
  ancestors: HTMLElement[]
  /** The dialog the opener was in, when one dialog opened another. */
  parent?: Opening
}

const DIALOG = '[role="dialog"], [role="alertdialog"]'
// A floating list an item is chosen from: a menu (labelled by its button) or a popover (controlled by its button).
const POPUP = '[role="menu"], [role="listbox"], [data-radix-popper-content-wrapper] > *'
const ROW = 'tr, [role="row"], li, [data-slot="card"]'
const TABLE = 'table, [role="table"], [role="grid"]'
const TABBABLE =
  'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

const openings = new WeakMap<Element, Opening>()

// The last element that held the focus: the opener when the dialog's code
// arrives after its menu has already closed and the focus is on <body>.
let lastFocused: Element | null = null
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => (lastFocused = event.target instanceof Element ? event.target : null), true)
}

/** The button a menu item or popover belongs to, through nested menus; the element itself otherwise. */
export function openerOf(element: Element | null): HTMLElement | null {
  let current = element
  for (let depth = 0; current instanceof HTMLElement && depth < 4; depth++) {
    const popup = current.closest(POPUP)
    if (!popup) break
    const labelledBy = popup.getAttribute('aria-labelledby')
    const button =
      (labelledBy ? document.getElementById(labelledBy) : null) ??
      (popup.id ? document.querySelector(`[aria-controls="${CSS.escape(popup.id)}"]`) : null)
    if (!button || button === current) break
    current = button
  }
  return current instanceof HTMLElement ? current : null
}

function ancestorsOf(element: HTMLElement | null): HTMLElement[] {
  const out: HTMLElement[] = []
  for (let e = element?.parentElement; e && e !== document.body; e = e.parentElement) out.push(e)
  return out
}

/**
 * onOpenAutoFocus of a dialog's Content: remembers what opened it. `onOpen`
 * is the dialog's own handler, still called.
 */
export function rememberOpener(onOpen?: (event: Event) => void) {
  return (event: Event) => {
    const content = event.target
    if (content instanceof Element) {
      const active = document.activeElement
      const focused = active && active !== document.body && !content.contains(active) ? active : lastFocused
      const opener = focused && !content.contains(focused) ? openerOf(focused) : null
      const host = opener?.closest(DIALOG)
      openings.set(content, { opener, ancestors: ancestorsOf(opener), parent: host ? openings.get(host) : undefined })
    }
    onOpen?.(event)
  }
}

/**
 * onCloseAutoFocus of a dialog's Content: puts the focus back on what opened
 * it, or on the nearest control left on the page when that is gone (see
 * returnFocus). When the user has gone on meanwhile — clicked another control,
 * opened a menu on another row or another dialog — the focus stays where they
 * put it. `onClose` is the dialog's own handler; when it prevents the default,
 * it has placed the focus itself.
 */
export function returnFocusOnClose(onClose?: (event: Event) => void) {
  return (event: Event) => {
    onClose?.(event)
    if (event.defaultPrevented) return
    // Radix would focus its own Trigger only, or nothing.
    event.preventDefault()
    const content = event.target instanceof Element ? event.target : null
    const active = document.activeElement
    if (active && active !== document.body && active.isConnected && !content?.contains(active)) return
    returnFocus(content ? openings.get(content) : undefined)
  }
}

function shown(element: Element): boolean {
  if (!element.isConnected || element.closest('[inert], [aria-hidden="true"]')) return false
  if ('checkVisibility' in element && typeof element.checkVisibility === 'function') return element.checkVisibility()
  return element.getClientRects().length > 0
}

function focusOn(element: Element | null | undefined, makeFocusable = false): boolean {
  if (!(element instanceof HTMLElement) || !shown(element)) return false
  if (makeFocusable && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1')
  element.focus()
  return document.activeElement === element
}

/**
 * The focus after a dialog closes, the first of: the control that opened it;
 * the opener of the dialog it was opened from; in the opener's row (table row,
 * list item, card) still on the page, the row's menu button or first control;
 * the table the row was in (its row deleted); the page's main heading; <main>.
 */
export function returnFocus(opening: Opening | undefined) {
  let root = opening
  for (let o = opening; o; o = o.parent) {
    if (focusOn(o.opener)) return
    root = o
  }
  for (const ancestor of root?.ancestors ?? []) {
    if (!shown(ancestor)) continue
    if (ancestor.matches(ROW)) {
      const menu = ancestor.querySelector('[aria-haspopup="menu"]')
      if (focusOn(menu) || [...ancestor.querySelectorAll(TABBABLE)].some((control) => focusOn(control))) return
    }
    if (focusOn(ancestor.closest(TABLE), true)) return
    if (ancestor.matches('main')) break
  }
  if (focusOn(document.querySelector('main h1') ?? document.querySelector('h1'), true)) return
  focusOn(document.querySelector('main'), true)
}
