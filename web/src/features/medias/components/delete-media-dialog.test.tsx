import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import type { Media, ScheduleRef } from '../types'
import { testMedia } from '../test-media'
import { DeleteMediaDialog, linkedSchedules } from './delete-media-dialog'

const media = (name: string, schedules: ScheduleRef[] = []): Media => testMedia(name, { schedules })

const manha = { id: 's-1', name: 'Manhã 10' }
const tarde = { id: 's-2', name: 'Manhã 9' }

function renderDialog(list: Media[], onConfirm = vi.fn()) {
  render(
    <MemoryRouter>
      <DeleteMediaDialog media={list} open onOpenChange={() => {}} pending={false} onConfirm={onConfirm} />
    </MemoryRouter>,
  )
  return onConfirm
}

describe('linked schedules', () => {
  it('lists each schedule once, in natural order', () => {
    expect(linkedSchedules([media('A', [manha, tarde]), media('B', [manha])])).toEqual([tarde, manha])
    expect(linkedSchedules([media('A')])).toEqual([])
  })
})

describe('delete confirmation', () => {
  it('asks "Tem certeza?", lists the schedules as links and warns that it cannot be undone', async () => {
    const onConfirm = renderDialog([media('Banner', [manha, tarde])])
    const dialog = screen.getByRole('alertdialog', { name: 'Tem certeza?' })
    expect(dialog).toHaveTextContent('A mídia Banner será excluída da biblioteca.')
    expect(dialog).toHaveTextContent('Esta mídia está vinculada às programações abaixo e será removida delas:')
    const links = within(within(dialog).getByRole('list', { name: 'Programações vinculadas' })).getAllByRole('link')
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Manhã 9', '/schedule/s-2'],
      ['Manhã 10', '/schedule/s-1'],
    ])
    expect(dialog).toHaveTextContent('Após confirmar, a ação não poderá ser desfeita.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }))
    expect(onConfirm).toHaveBeenCalledOnce()
  })

  it('names every media of a multiple delete and shows no schedule list when none uses them', () => {
    renderDialog([media('Banner'), media('Logo')])
    const dialog = screen.getByRole('alertdialog', { name: 'Tem certeza?' })
    expect(dialog).toHaveTextContent('2 mídias selecionadas serão excluídas da biblioteca.')
    expect(within(within(dialog).getByRole('list', { name: 'Mídias a excluir' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Banner',
      'Logo',
    ])
    expect(within(dialog).queryByRole('list', { name: 'Programações vinculadas' })).toBeNull()
    expect(dialog).toHaveTextContent('Após confirmar, a ação não poderá ser desfeita.')
  })
})
