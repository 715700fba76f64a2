import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { errorToast, toast } from '@/hooks/use-toast'
import { storageKeys } from '@/lib/storage'
import { advertise, bodyOf, json, renderAt, stubApi, WAIT } from '../test-utils'
import { AdMediaPage } from './ad-media-page'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn(), ERROR_TITLE: 'Oops! Algo deu errado.' }))
vi.mock('@/lib/session', async (importOriginal) => {
  const { testSession } = await import('../test-utils')
  return { ...(await importOriginal<typeof import('@/lib/session')>()), useSession: () => testSession }
})

const AD = 'GET /api/advertise/rede-norte/ad1'
const SAVE = 'PUT /api/advertise/rede-norte'
const LIBRARY = 'GET /api/media/rede-norte'
const banner = { id: 'm1', name: 'Banner', type: 'image' as const, displayTime: 10, dok: 127, timeGap: [], enabled: true, volume: 0, url: 'https://cdn.test/m1.png' }
const video = { id: 'm2', name: 'Vídeo', type: 'video' as const, displayTime: 15, dok: 62, timeGap: ['08:00@12:00'], enabled: true, volume: 0.5, url: 'https://cdn.test/m2.mp4' }

/** A library media as GET /media/{franchise} lists it. */
function libraryMedia(id: string, name: string, type: 'image' | 'video' = 'image') {
  return {
    id,
    name,
    type,
    filePath: `norte/${id}`,
    url: `https://cdn.test/${id}`,
    thumbnailUrl: '',
    folder: '',
    displayTime: type === 'video' ? 40 : 0,
    width: 10,
    height: 10,
    duration: 0,
    fps: 0,
    size: 100,
    contentType: type === 'video' ? 'video/mp4' : 'image/png',
    volume: 0,
    limitByHour: 0,
    franchise: 'rede-norte',
    createdAt: 1,
    updatedAt: 1,
    schedules: [],
  }
}
const library = [libraryMedia('img-a', 'Cartaz A'), libraryMedia('img-b', 'Cartaz B'), libraryMedia('vid-c', 'Filme C', 'video')]
const libraryBody = { mediaList: library, folderMap: { name: '', path: '', media: library, folders: [] } }

function openAt(path: string) {
  return renderAt(<AdMediaPage />, path, '/ads-center/:id/*')
}

const location = () => screen.getByTestId('location')
/** A test that goes through the picker and the form: on two busy cores it can take more than the default 5 s. */
const SLOW = 20_000

beforeEach(() => {
  localStorage.setItem(storageKeys.token, 'tok')
  // jsdom has no ResizeObserver; the form's checkboxes measure themselves with one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
})
afterEach(() => {
  cleanup()
  localStorage.clear()
  vi.unstubAllGlobals()
  vi.mocked(toast).mockClear()
  vi.mocked(errorToast).mockClear()
})

describe('adding and editing the media of an advertisement', () => {
  it("adds several images at once after the ad's media, with the ad's display time, then goes back to the ad", async () => {
    const fetchMock = stubApi({
      [AD]: () => json({ advertise: advertise({ media: [banner] }) }),
      [LIBRARY]: () => json(libraryBody),
      [SAVE]: () => json({ advertise: advertise() }),
    })
    openAt('/ads-center/ad1/media')
    expect(await screen.findByRole('heading', { name: 'Editando Anúncio > Promoção de verão' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/ads-center/ad1')
    const submit = await screen.findByRole('button', { name: 'Adicionar Mídia' }, WAIT)

    await userEvent.click(screen.getByRole('checkbox', { name: 'Múltiplas imagens' }))
    await userEvent.click(screen.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }))
    const picker = screen.getByRole('dialog', { name: 'Selecionar Mídia' })
    // Only images can be chosen with 'Múltiplas imagens'.
    await within(picker).findByText('Cartaz A', undefined, WAIT)
    expect(within(picker).queryByText('Filme C')).not.toBeInTheDocument()
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Escolher Cartaz A' }))
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Escolher Cartaz B' }))
    await userEvent.click(within(picker).getByRole('button', { name: 'Selecionar (2)' }))

    expect(within(screen.getByRole('list', { name: 'Mídias selecionadas' })).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByLabelText('Tempo de Exibição da Mídia (em seg.)')).toHaveValue('15')
    await userEvent.click(submit)

    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Anúncio atualizado', description: 'Anúncio atualizado com sucesso' }), WAIT)
    expect(bodyOf(fetchMock, 'PUT', '/api/advertise/rede-norte')).toEqual({
      advertiseId: 'ad1',
      media: [
        { id: 'm1', name: 'Banner', displayTime: 10, dok: 127, timeGap: [], enabled: true, volume: 0 },
        { id: 'img-a', name: 'Cartaz A', displayTime: 15, dok: 127, timeGap: [], enabled: true, volume: 0 },
        { id: 'img-b', name: 'Cartaz B', displayTime: 15, dok: 127, timeGap: [], enabled: true, volume: 0 },
      ],
    })
    await vi.waitFor(() => expect(location()).toHaveTextContent(/^\/ads-center\/ad1$/), WAIT)
  }, SLOW)

  it("edits an item's rules in place: weekdays, a time range and the display time", async () => {
    const fetchMock = stubApi({
      [AD]: () => json({ advertise: advertise({ media: [banner, video] }) }),
      [SAVE]: () => json({ advertise: advertise() }),
    })
    openAt('/ads-center/ad1/media/m2/1')
    const submit = await screen.findByRole('button', { name: 'Atualizar Mídia' }, WAIT)
    // Editing opens the advanced options with the item's rules.
    expect(screen.getByRole('checkbox', { name: 'Exibir opções avançadas de exibição' })).toBeChecked()
    expect(screen.getByRole('button', { name: 'Domingo' })).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByRole('button', { name: 'Segunda' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByLabelText('Tempo de Exibição da Mídia (em seg.)')).toHaveValue('15')

    await userEvent.click(screen.getByRole('button', { name: 'Domingo' }))
    await userEvent.type(screen.getByLabelText('Horário inicial'), '18:00')
    await userEvent.type(screen.getByLabelText('Horário final'), '20:00')
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar Faixa de Horário' }))
    const time = screen.getByLabelText('Tempo de Exibição da Mídia (em seg.)')
    await userEvent.clear(time)
    await userEvent.type(time, '20')
    await userEvent.click(submit)

    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Anúncio atualizado', description: 'Anúncio atualizado com sucesso' }), WAIT)
    expect(bodyOf(fetchMock, 'PUT', '/api/advertise/rede-norte')).toEqual({
      advertiseId: 'ad1',
      media: [
        { id: 'm1', name: 'Banner', displayTime: 10, dok: 127, timeGap: [], enabled: true, volume: 0 },
        { id: 'm2', name: 'Vídeo', displayTime: 20, dok: 63, timeGap: ['08:00@12:00', '18:00@20:00'], enabled: true, volume: 0.5 },
      ],
    })
    await vi.waitFor(() => expect(location()).toHaveTextContent(/^\/ads-center\/ad1$/), WAIT)
  }, SLOW)

  it.each([
    ['the server says why', json({ error: true, statusCode: 100101, msg: 'Mídia 1: Mídia não encontrada.' }, 404), 'Mídia 1: Mídia não encontrada.'],
    ['it says nothing', new Response('', { status: 500 }), 'Ocorreu um erro ao salvar o anúncio.'],
  ])('a refused save shows its message when %s, and stays on the form', async (_case, response, message) => {
    stubApi({
      [AD]: () => json({ advertise: advertise({ media: [banner] }) }),
      [SAVE]: () => response.clone(),
    })
    openAt('/ads-center/ad1/media/m1/0')
    await userEvent.click(await screen.findByRole('button', { name: 'Atualizar Mídia' }, WAIT))
    await vi.waitFor(() => expect(errorToast).toHaveBeenCalledWith(message, 'Oops! Algo deu errado.'), WAIT)
    expect(toast).not.toHaveBeenCalled()
    expect(location()).toHaveTextContent('/ads-center/ad1/media/m1/0')
    expect(screen.getByRole('button', { name: 'Atualizar Mídia' })).toBeEnabled()
  })

  it.each([
    ['an index past the end of the list', '/ads-center/ad1/media/m1/5'],
    ['another media at that index', '/ads-center/ad1/media/m2/0'],
    ['an index that is not a number', '/ads-center/ad1/media/m1/x'],
    ['another page under the ad', '/ads-center/ad1/plays'],
  ])("says 'Mídia não encontrada.' for %s, and saves nothing", async (_case, path) => {
    const fetchMock = stubApi({ [AD]: () => json({ advertise: advertise({ media: [banner] }) }) })
    openAt(path)
    expect(await screen.findByText('Mídia não encontrada.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Mídia$/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/ads-center/ad1')
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true)
  })

  it("says 'Anúncio não encontrado.' for an advertisement that does not exist", async () => {
    stubApi({ [AD]: () => json({ error: true, statusCode: 1003, msg: 'não existe' }, 404) })
    openAt('/ads-center/ad1/media')
    expect(await screen.findByText('Anúncio não encontrado.')).toBeInTheDocument()
  })
})
