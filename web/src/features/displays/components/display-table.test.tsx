import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Display } from '../api/types'
import { DisplayTable } from './display-table'

const display = { id: 'd1', name: 'TV Caixa', device: 'ABC123', store: 'loja-centro', schedule: '', scheduleName: '' } as Display

describe("the TV table's 'Ações Admin'", () => {
  afterEach(cleanup)

  it("lists the commands, then 'Ver resultados', which asks for the TV's results", async () => {
    const onAction = vi.fn()
    render(
      <MemoryRouter>
        <DisplayTable storeName="Loja Centro" displays={[display]} serverDiff={0} now={Date.now()} showAdminActions onAction={onAction} />
      </MemoryRouter>,
    )
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
})
