import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { errorToast, toast } from '@/hooks/use-toast'
import { storageKeys } from '@/lib/storage'
import { SLOT_UNLINK_REFUSED } from '../media'
import { advertise, bodyOf, json, renderAt, slotItem, stubApi, WAIT } from '../test-utils'
import { AdEditorPage } from './ad-editor-page'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn(), ERROR_TITLE: 'Oops! Algo deu errado.' }))
vi.mock('@/lib/session', async (importOriginal) => {
  const { testSession } = await import('../test-utils')
  return { ...(await importOriginal<typeof import('@/lib/session')>()), useSession: () => testSession }
})

const AD = 'GET /api/advertise/rede-norte/ad1'
const PLAYS = 'GET /api/advertise/rede-norte/ad1/plays'
const banner = { id: 'm1', name: 'Banner', type: 'image' as const, displayTime: 10, dok: 127, timeGap: [], enabled: true, volume: 0, url: 'https://cdn.test/m1.png', thumbnailUrl: '' }
const video = { id: 'm2', name: 'Vídeo', type: 'video' as const, displayTime: 15, dok: 62, timeGap: ['08:00@12:00'], enabled: true, volume: 1, url: 'https://cdn.test/m2.mp4' }
const slot = slotItem('slot', 'Slot')

function openEditor() {
  return renderAt(<AdEditorPage />, '/ads-center/ad1', '/ads-center/:id')
}

beforeEach(() => localStorage.setItem(storageKeys.token, 'tok'))
afterEach(() => {
  cleanup()
  localStorage.clear()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.mocked(toast).mockClear()
  vi.mocked(errorToast).mockClear()
})

describe("'Editando Anúncio'", () => {
  it("says 'Anúncio não encontrado.' for an advertisement that does not exist", async () => {
    stubApi({ [AD]: () => json({ error: true, statusCode: 1003, msg: 'não existe' }, 404) })
    openEditor()
    expect(await screen.findByText('Anúncio não encontrado.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/ads-center')
  })

  it("shows the ad with its date badge, and 'Nenhuma mídia em exibição.' when it has no media", async () => {
    stubApi({ [AD]: () => json({ advertise: advertise() }), [PLAYS]: () => json({ plays: [] }) })
    openEditor()
    expect(await screen.findByRole('heading', { name: 'Editando Anúncio > Promoção de verão' })).toBeInTheDocument()
    expect(screen.getByText('10/01/2020 - 19/01/2020')).toHaveAttribute('data-status', 'expired')
    expect(screen.getByText('Nenhuma mídia em exibição.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Adicionar Mídia' })).toHaveAttribute('href', '/ads-center/ad1/media')
    expect(await screen.findByText('Nenhuma exibição registrada.')).toBeInTheDocument()
  })

  it('unlinks a media with PUT of the new media list', async () => {
    const ad = advertise({ media: [banner, video] })
    const fetchMock = stubApi({ [AD]: () => json({ advertise: ad }), [PLAYS]: () => json({ plays: [] }), 'PUT /api/advertise/rede-norte': () => json({ advertise: ad }) })
    openEditor()
    await userEvent.click(await screen.findByRole('button', { name: 'Ações para Banner' }))
    expect(screen.getByRole('menuitem', { name: 'Visualizar' })).toHaveAttribute('href', 'https://cdn.test/m1.png')
    expect(screen.getByRole('menuitem', { name: 'Editar' })).toHaveAttribute('href', '/ads-center/ad1/media/m1/0')
    await userEvent.click(screen.getByRole('menuitem', { name: 'Excluir' }))
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Excluir' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Mídia desvinculada' })), WAIT)
    expect(bodyOf(fetchMock, 'PUT', '/api/advertise/rede-norte')).toEqual({
      advertiseId: 'ad1',
      // What the library adds (type, url, thumbnail) is not sent back.
      media: [{ id: 'm2', name: 'Vídeo', displayTime: 15, dok: 62, timeGap: ['08:00@12:00'], enabled: true, volume: 1 }],
    })
  })

  it('refuses to unlink a slot item', async () => {
    const fetchMock = stubApi({ [AD]: () => json({ advertise: advertise({ media: [slot, banner] }) }), [PLAYS]: () => json({ plays: [] }) })
    openEditor()
    await userEvent.click(await screen.findByRole('button', { name: 'Ações para Slot' }))
    await userEvent.click(screen.getByRole('menuitem', { name: 'Excluir' }))
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Excluir' }))
    expect(errorToast).toHaveBeenCalledWith(SLOT_UNLINK_REFUSED)
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false)
  })

  it('renames the ad from the edit dialog, which needs at least one field', async () => {
    const fetchMock = stubApi({
      [AD]: () => json({ advertise: advertise() }),
      [PLAYS]: () => json({ plays: [] }),
      'PUT /api/advertise/rede-norte': () => json({ advertise: advertise({ name: 'Natal' }) }),
    })
    openEditor()
    await userEvent.click(await screen.findByRole('button', { name: 'Editar anúncio' }))
    const dialog = screen.getByRole('dialog', { name: 'Editar Anúncio' })
    // It opens with the ad's name and display time.
    expect(within(dialog).getByLabelText('Nome do anúncio')).toHaveValue('Promoção de verão')
    expect(within(dialog).getByLabelText('Tempo de exibição (em seg.)')).toHaveValue('15')
    await userEvent.clear(within(dialog).getByLabelText('Nome do anúncio'))
    await userEvent.clear(within(dialog).getByLabelText('Tempo de exibição (em seg.)'))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(within(dialog).getByText('Pelo menos um dos campos devem ser preenchido')).toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText('Nome do anúncio'), 'Natal')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Anúncio atualizado', description: 'Anúncio atualizado com sucesso' }), WAIT)
    // The display time was left blank: it is not sent, and stays as it is.
    expect(bodyOf(fetchMock, 'PUT', '/api/advertise/rede-norte')).toEqual({ advertiseId: 'ad1', name: 'Natal' })
  })

  it('lists the plays per day and screen and downloads them as CSV with the session token', async () => {
    const plays = [
      { day: '20260111', displayId: 'tv1', displayName: 'Centro TV 1', count: 40, seconds: 600 },
      { day: '20260112', displayId: 'tv2', displayName: 'Shopping', count: 2, seconds: 30 },
      { day: '20260112', displayId: 'tv1', displayName: 'Centro TV 1', count: 38, seconds: 570 },
    ]
    const fetchMock = stubApi({
      [AD]: () => json({ advertise: advertise() }),
      [PLAYS]: () => json({ plays }),
      'GET /api/advertise/rede-norte/ad1/plays?format=csv': () =>
        new Response('day,display,count\n', { status: 200, headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="exibicoes-ad1.csv"' } }),
    })
    const created = vi.fn((_blob: Blob) => 'blob:plays')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }))
    let saved: { href: string; download: string } | undefined
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = { href: this.href, download: this.download }
    })
    openEditor()

    const table = await screen.findByRole('table', { name: 'Exibições por dia e tela' })
    await within(table).findByText('Total')
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
    expect(rows).toEqual(['12/01/2026Centro TV 138570 s', '12/01/2026Shopping230 s', '11/01/2026Centro TV 140600 s', 'Total801.200 s'])

    await userEvent.click(screen.getByRole('button', { name: 'Baixar CSV' }))
    await vi.waitFor(() => expect(saved).toEqual({ href: 'blob:plays', download: 'exibicoes-ad1.csv' }), WAIT)
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('?format=csv'))!
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok')
    expect(await created.mock.calls[0][0].text()).toBe('day,display,count\n')
  })
})
