/**
 * A closing dialog gives the focus back to what opened it a moment after it
 * leaves the page (once its closing animation ends). When the user has gone
 * on meanwhile — a menu opened on another row, another dialog — taking the
 * focus back would close that menu under the pointer: keep it where the user
 * put it. `onClose` is the dialog's own onCloseAutoFocus, still called.
 */
export function keepFocusMovedOn(onClose?: (event: Event) => void) {
  return (event: Event) => {
    onClose?.(event)
    const active = document.activeElement
    // The dialog has left the page: a focus still somewhere was put there since.
    if (active && active !== document.body && active.isConnected) {
      event.preventDefault()
    }
  }
}
