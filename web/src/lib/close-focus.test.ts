import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openerOf, rememberOpener, returnFocusOnClose } from './close-focus'

// jsdom lays nothing out: an element is shown unless it (or an ancestor) has data-hidden.
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
    const rects = this.closest('[data-hidden]') ? [] : [new DOMRect(0, 0, 10, 10)]
    return Object.assign(rects, { item: (i: number) => rects[i] ?? null }) as unknown as DOMRectList
  })
})

afterEach(() => {
  vi.restoreAllMocks()
  document.body.replaceChildren()
})

function page(html: string) {
  document.body.innerHTML = html
  return (selector: string) => document.querySelector<HTMLElement>(selector)!
}

/** A dialog opening as Radix does: its content on the page, the open event dispatched on it. */
function openDialog(handler = rememberOpener(), into: Element = document.body) {
  const content = document.createElement('div')
  content.setAttribute('role', 'dialog')
  content.innerHTML = '<button>Cancelar</button>'
  into.append(content)
  content.addEventListener('open', handler)
  content.dispatchEvent(new CustomEvent('open', { cancelable: true }))
  content.querySelector('button')!.focus()
  return content
}

/** Closing as Radix does: the content leaves the page, then the close event is dispatched on it. */
function closeDialog(content: HTMLElement, handler = returnFocusOnClose()) {
  content.remove()
  content.addEventListener('close', handler)
  const event = new CustomEvent('close', { cancelable: true })
  content.dispatchEvent(event)
  return event
}

const TABLE = `
  <main>
    <h1>Visão Geral</h1>
    <table><tbody>
      <tr id="tv-1"><td>TV 1</td><td><button id="menu-1" aria-haspopup="menu">Ações</button></td></tr>
      <tr id="tv-2"><td>TV 2</td><td><button id="menu-2" aria-haspopup="menu">Ações</button></td></tr>
    </tbody></table>
  </main>`

describe('returnFocusOnClose', () => {
  it('gives the focus back to the button that opened the dialog', () => {
    const $ = page('<main><h1>Grupos</h1><button id="new">Novo Grupo</button></main>')
    $('#new').focus()
    const dialog = openDialog()
    const event = closeDialog(dialog)
    expect(document.activeElement).toBe($('#new'))
    expect(event.defaultPrevented).toBe(true)
  })

  it('gives it to the menu button when the dialog was chosen from a menu item', () => {
    const $ = page(`${TABLE}<div role="menu" aria-labelledby="menu-1"><div role="menuitem" tabindex="-1" id="edit">Editar</div></div>`)
    $('#edit').focus()
    const dialog = openDialog()
    $('[role="menu"]').remove()
    closeDialog(dialog)
    expect(document.activeElement).toBe($('#menu-1'))
  })

  it('gives it to the button of a submenu’s parent menu', () => {
    const $ = page(`${TABLE}
      <div role="menu" id="root" aria-labelledby="menu-2"><div role="menuitem" id="more" tabindex="-1">Comandos</div></div>
      <div role="menu" aria-labelledby="more"><div role="menuitem" id="reload" tabindex="-1">Recarregar</div></div>`)
    expect(openerOf($('#reload'))).toBe($('#menu-2'))
  })

  it('keeps the focus where the user put it meanwhile, and still calls the dialog’s own handler', () => {
    const $ = page(`${TABLE}`)
    $('#menu-1').focus()
    const dialog = openDialog()
    $('#menu-2').focus()
    let called = 0
    closeDialog(dialog, returnFocusOnClose(() => called++))
    expect(document.activeElement).toBe($('#menu-2'))
    expect(called).toBe(1)
  })

  it('leaves the focus to a dialog’s own handler that placed it', () => {
    const $ = page(`${TABLE}`)
    $('#menu-1').focus()
    const dialog = openDialog()
    closeDialog(
      dialog,
      returnFocusOnClose((event) => {
        event.preventDefault()
        $('h1').setAttribute('tabindex', '-1')
        $('h1').focus()
      }),
    )
    expect(document.activeElement).toBe($('h1'))
  })

  it('uses the last focused control when the dialog arrives after its menu closed', () => {
    const $ = page(`${TABLE}`)
    $('#menu-2').focus()
    $('#menu-2').blur()
    expect(document.activeElement).toBe(document.body)
    const dialog = openDialog()
    closeDialog(dialog)
    expect(document.activeElement).toBe($('#menu-2'))
  })

  it('goes back to the opener of the dialog a dialog was opened from', () => {
    const $ = page(`${TABLE}`)
    $('#menu-1').focus()
    const first = openDialog()
    const second = openDialog()
    // 'Enviar' closes the first dialog as the second (its results) opens.
    first.remove()
    closeDialog(second)
    expect(document.activeElement).toBe($('#menu-1'))
  })

  it.each([
    { name: 'the row’s menu button when the opener left but the row stayed', remove: '#tv-1 td:first-child', hide: '', expected: '#menu-1' },
    { name: 'the table when the row was deleted', remove: '#tv-1', hide: '', expected: 'table' },
    { name: 'the page’s heading when the table is gone', remove: 'table', hide: '', expected: 'h1' },
    { name: 'the page’s heading when the opener is hidden', remove: '', hide: '#tv-1', expected: 'h1' },
  ])('falls back to $name', ({ remove, hide, expected }) => {
    const $ = page(`${TABLE}`)
    // The opener: a link inside the first cell, or the row's menu button.
    $('#tv-1 td').innerHTML = '<a href="#tv" id="name">TV 1</a>'
    const opener = remove === '#tv-1 td:first-child' ? $('#name') : $('#menu-1')
    opener.focus()
    const dialog = openDialog()
    if (remove) $(remove).remove()
    if (hide) {
      $(hide).setAttribute('data-hidden', '')
      $('table').setAttribute('data-hidden', '')
    }
    closeDialog(dialog)
    expect(document.activeElement).toBe($(expected))
    expect(document.activeElement).not.toBe(document.body)
  })
})
