import { describe, expect, it } from 'vitest'
import { keepFocusMovedOn } from './close-focus'

function closing() {
  return new Event('focusScope.autoFocusOnUnmount', { cancelable: true })
}

describe('keepFocusMovedOn', () => {
  it('lets the dialog give the focus back when nothing holds it', () => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    const event = closing()
    keepFocusMovedOn()(event)
    expect(event.defaultPrevented).toBe(false)
  })

  it('keeps the focus where the user put it meanwhile, and still calls the dialog’s own handler', () => {
    const menu = document.createElement('button')
    document.body.append(menu)
    menu.focus()
    const event = closing()
    let called = 0
    keepFocusMovedOn(() => called++)(event)
    expect(event.defaultPrevented).toBe(true)
    expect(called).toBe(1)
    menu.remove()
  })
})
