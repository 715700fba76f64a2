import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Display } from '../api/types'
import { NOT_CONNECTED } from '../commands'
import { DisplayTable } from './display-table'

const display = {
  id: 'd1',
  name: 'TV Caixa',
  device: 'ABC123',
  store: 'loja-centro',
  schedule: '',
  scheduleName: '',
  connected: true,
  lastConnectionAck: Date.now(),
} as Display

function renderTable(displays: Display[], onAction = vi.fn()) {
  render(
    <MemoryRouter>
      <DisplayTable storeName="Loja Centro" displays={displays} serverDiff={0} now={Date.now()} showAdminActions onAction={onAction} />
    </MemoryRouter>,
  )
  return onAction
}

describe("the TV table's row menus", () => {
  afterEach(cleanup)

  it("stay open, with the focus in them, when the statuses' clock ticks", async () => {
    const onAction = vi.fn()
    const table = (now: number) => (
      <MemoryRouter>
        <DisplayTable storeName="Loja Centro" displays={[display]} serverDiff={0} now={now} showAdminActions onAction={onAction} />
      </MemoryRouter>
    )
    const { rerender } = render(table(Date.now()))
    await userEvent.click(screen.getByRole('button', { name: 'Ações para TV Caixa' }))
    const item = await screen.findByRole('menuitem', { name: 'Saúde do televisor' })
    await userEvent.keyboard('{ArrowDown}')
    const focused = document.activeElement
    expect(focused?.getAttribute('role')).toBe('menuitem')
    // Visão Geral renews its clock every 30 s and the list's serverDiff with each answer.
    rerender(table(Date.now() + 30_000))
    expect(screen.getByRole('menuitem', { name: 'Saúde do televisor' })).toBe(item)
    expect(document.activeElement).toBe(focused)
  })
})

describe("the TV table's 'Ações Admin'", () => {
  afterEach(cleanup)

  it("lists the commands, then 'Ver resultados', which asks for the TV's results", async () => {
    const onAction = renderTable([display])
    await userEvent.click(screen.getByRole('button', { name: 'Comandos para TV Caixa' }))
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent?.trim())).toEqual([
      'Reiniciar dispositivo',
      'Capturar tela',
      'Gravar vídeo',
      'Identificar dispositivo',
      'Identificar versão',
      'Limpar programação',
      'Limpar banco de dados',
      'Limpar mídias',
      'Ver resultados',
    ])
    await userEvent.click(screen.getByRole('menuitem', { name: 'Ver resultados' }))
    expect(onAction).toHaveBeenCalledExactlyOnceWith({ kind: 'command-results', display })
  })

  it('shows the commands of a TV whose player is not connected disabled, with the reason', async () => {
    const offline = { ...display, connected: false }
    const onAction = renderTable([offline])
    await userEvent.click(screen.getByRole('button', { name: 'Comandos para TV Caixa' }))
    const items = await screen.findAllByRole('menuitem')
    expect(screen.getByRole('note').textContent).toBe(NOT_CONNECTED)
    for (const item of items.slice(0, -1)) expect(item.getAttribute('aria-disabled')).toBe('true')
    await userEvent.click(screen.getByRole('menuitem', { name: 'Reiniciar dispositivo' }), { pointerEventsCheck: 0 })
    expect(onAction).not.toHaveBeenCalled()
    // The results of earlier commands stay at hand.
    await userEvent.click(screen.getByRole('menuitem', { name: 'Ver resultados' }))
    expect(onAction).toHaveBeenCalledExactlyOnceWith({ kind: 'command-results', display: offline })
  })
})
