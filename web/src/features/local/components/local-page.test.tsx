import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { errorToast, toast } from '@/hooks/use-toast'
import type { SessionContextValue } from '@/lib/session'
import { abilitiesOf } from '@/lib/session'
import { bodiesOf, json, renderAt, stubApi, stubLayout, WAIT } from '@/test/page-harness'
import { storeUploadTarget } from '../api/local-media'
import { datesOf } from '../lib/dates'
import { item, space, storeLocal, version } from '../test-local'
import { LocalPage } from './local-page'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn(), ERROR_TITLE: 'Oops! Algo deu errado.' }))
const session = vi.hoisted(() => ({ current: undefined as unknown }))
vi.mock('@/lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/session')>()),
  useSession: () => session.current,
}))

const TZ = 'America/Sao_Paulo'
const STORES = 'GET /api/store/rede'
const CENTRO = '/api/local/rede/centro'
const stores = [
  { slug: 'centro', name: 'Loja Centro' },
  { slug: 'norte', name: 'Loja Norte' },
  { slug: 'sul', name: 'Loja Sul' },
]

function signIn(role: 'network' | 'franchisee' | 'store', mine: string[] = []) {
  const member = { role, stores: mine, manageTeam: false, approveContent: false }
  session.current = {
    status: 'authenticated',
    user: { id: 'u1', name: 'Fábio', roles: { rede: member } },
    franchise: { slug: 'rede', name: 'Rede', timeZone: TZ },
    franchises: [],
    abilities: abilitiesOf(member),
  } as unknown as SessionContextValue
}

// Approved, a change waiting over an approved one, new and waiting, refused.
const items = [
  item('i1', 0, { state: 'approved', live: version('Horário de Natal', datesOf('2026-12-01', '2026-12-24', TZ)) }),
  item('i2', 1, { state: 'pending', live: version('Vagas'), draft: version('Vagas 2', datesOf('2026-12-10', '', TZ)) }),
  item('i3', 2, { state: 'pending', draft: version('Parceiro') }),
  item('i4', 3, { state: 'rejected', reason: 'Imagem fora do padrão', draft: version('Promo', datesOf('', '2026-12-31', TZ)) }),
]

beforeEach(stubLayout)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.mocked(toast).mockClear()
  vi.mocked(errorToast).mockClear()
})

function api(extra: Parameters<typeof stubApi>[0] = {}, local = storeLocal([space(items)])) {
  return stubApi({ [STORES]: () => json({ storeList: stores }), [`GET ${CENTRO}`]: () => json(local), ...extra })
}

const list = () => screen.findByRole('list', { name: 'Itens da loja em Programação Verão › Recados da loja' }, WAIT)

describe("'Conteúdo local'", () => {
  it("shows the store's folder, each space and its items with their state", async () => {
    signIn('franchisee', ['centro', 'norte'])
    api()
    renderAt(<LocalPage />, '/local')
    const rows = within(await list()).getAllByRole('listitem')
    expect(rows).toHaveLength(4)
    expect(screen.getByRole('heading', { name: 'Programação Verão › Recados da loja' })).toBeInTheDocument()
    expect(screen.getByText(/10 s por item/)).toBeInTheDocument()
    expect(screen.getByText(/passa a mídia da rede: Institucional/)).toBeInTheDocument()
    expect(within(rows[0]).getByText('Aprovado')).toBeInTheDocument()
    expect(within(rows[0]).getByText('De 01/12/2026 a 24/12/2026')).toBeInTheDocument()
    // The approved version plays while its change waits: both are shown.
    expect(within(rows[1]).getByText('Vagas')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Aprovado')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Vagas 2')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Aguardando aprovação')).toBeInTheDocument()
    expect(within(rows[1]).getByText('A partir de 10/12/2026')).toBeInTheDocument()
    expect(within(rows[2]).getByText('Aguardando aprovação')).toBeInTheDocument()
    expect(within(rows[3]).getByText('Recusado: Imagem fora do padrão')).toBeInTheDocument()
    expect(within(rows[3]).getByText('Até 31/12/2026')).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Mídias da loja' })).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByText(/Com aprovação:/)).toBeInTheDocument()
  })

  it("offers the member's stores only, and keeps the one chosen in the address", async () => {
    signIn('franchisee', ['centro', 'norte'])
    api({ 'GET /api/local/rede/norte': () => json(storeLocal([], { approval: false })) })
    renderAt(<LocalPage />, '/local')
    await list()
    await userEvent.click(screen.getByRole('combobox', { name: 'Loja' }))
    const options = await screen.findAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['Loja Centro', 'Loja Norte'])
    await userEvent.click(screen.getByRole('option', { name: 'Loja Norte' }))
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/local?store=norte'), WAIT)
    expect(await screen.findByText('As programações que as TVs desta loja passam não têm espaço local.', {}, WAIT)).toBeInTheDocument()
    expect(screen.getByText(/Publicado sem aprovação:/)).toBeInTheDocument()
  })

  it('opens on the store the address names', async () => {
    signIn('network')
    const fetchMock = api({ 'GET /api/local/rede/sul': () => json(storeLocal([])) })
    renderAt(<LocalPage />, '/local?store=sul')
    expect(await screen.findByText('As programações que as TVs desta loja passam não têm espaço local.', {}, WAIT)).toBeInTheDocument()
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain(CENTRO)
  })

  it("'Adicionar' sends a media of the store's folder with its dates, for approval", async () => {
    signIn('franchisee', ['centro'])
    const fetchMock = api({ [`POST ${CENTRO}/items`]: () => json(items[2], 201) })
    renderAt(<LocalPage />, '/local')
    await list()
    // One store: no picker.
    expect(screen.queryByRole('combobox', { name: 'Loja' })).not.toBeInTheDocument()
    expect(screen.getByText('Loja: Loja Centro')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar item em Programação Verão › Recados da loja' }))
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar item' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar para aprovação' }))
    expect(within(dialog).getByText('Selecione uma mídia das mídias da loja.')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('radio', { name: /Vagas/ }))
    await userEvent.type(within(dialog).getByLabelText('Início'), '2026-12-10')
    await userEvent.type(within(dialog).getByLabelText('Fim'), '2026-12-01')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar para aprovação' }))
    expect(within(dialog).getByText('A data de fim não pode ser anterior à data de início.')).toBeInTheDocument()
    await userEvent.clear(within(dialog).getByLabelText('Fim'))
    await userEvent.type(within(dialog).getByLabelText('Fim'), '2026-12-20')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar para aprovação' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Item enviado para aprovação' })), WAIT)
    expect(bodiesOf(fetchMock, 'POST', `${CENTRO}/items`)).toEqual([
      { scheduleId: 's1', spaceId: 'sp1', mediaId: 'm-Vagas', ...datesOf('2026-12-10', '2026-12-20', TZ) },
    ])
  })

  it("'Reenviar' sends a refused item again, an emptied date cleared", async () => {
    signIn('franchisee', ['centro'])
    const fetchMock = api({ [`POST ${CENTRO}/items/i4`]: () => json(items[3]) })
    renderAt(<LocalPage />, '/local')
    await list()
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar Promo' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reenviar item' })
    expect(within(dialog).getByLabelText('Fim')).toHaveValue('2026-12-31')
    await userEvent.click(within(dialog).getByRole('radio', { name: /Horário de Natal/ }))
    await userEvent.clear(within(dialog).getByLabelText('Fim'))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reenviar' }))
    await vi.waitFor(() => expect(bodiesOf(fetchMock, 'POST', `${CENTRO}/items/i4`)).toEqual([{ mediaId: 'm-Horário de Natal', startDate: 0, endDate: 0 }]), WAIT)
  })

  it('moves an item in the list and removes one at once', async () => {
    signIn('franchisee', ['centro'])
    const fetchMock = api({
      [`POST ${CENTRO}/items/i1`]: () => json(items[0]),
      [`DELETE ${CENTRO}/items/i3`]: () => json({ ok: true }),
    })
    renderAt(<LocalPage />, '/local')
    await list()
    expect(screen.getByRole('button', { name: 'Mover Horário de Natal para cima' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Mover Promo para baixo' })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Mover Horário de Natal para baixo' }))
    await vi.waitFor(() => expect(bodiesOf(fetchMock, 'POST', `${CENTRO}/items/i1`)).toEqual([{ position: 1 }]), WAIT)
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Remover Parceiro' })).toBeEnabled(), WAIT)
    await userEvent.click(screen.getByRole('button', { name: 'Remover Parceiro' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Remover item' })
    expect(confirm).toHaveTextContent('deixa de passar nas TVs da loja na hora')
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remover' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Item removido' })), WAIT)
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === `${CENTRO}/items/i3` && init?.method === 'DELETE')).toBe(true)
  })

  it("shows the API's message when a change is refused", async () => {
    signIn('franchisee', ['centro'])
    api({ [`POST ${CENTRO}/items`]: () => json({ error: true, statusCode: 100101, msg: 'O espaço já tem 50 itens desta loja.' }, 400) })
    renderAt(<LocalPage />, '/local')
    await list()
    await userEvent.click(screen.getByRole('button', { name: /^Adicionar item em/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar item' })
    await userEvent.click(within(dialog).getByRole('radio', { name: /Vagas/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar para aprovação' }))
    await vi.waitFor(() => expect(errorToast).toHaveBeenCalled(), WAIT)
    expect(vi.mocked(errorToast).mock.calls[0][0]).toBe('O espaço já tem 50 itens desta loja.')
    // The dialog stays open with what was filled.
    expect(within(dialog).getByRole('radio', { name: /Vagas/ })).toBeChecked()
  })

  it("deletes a media of the store's folder", async () => {
    signIn('franchisee', ['centro'])
    const fetchMock = api({ [`DELETE ${CENTRO}/media/m-Vagas`]: () => json({ ok: true }) })
    renderAt(<LocalPage />, '/local')
    await list()
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Vagas' }))
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Excluir mídia' })).getByRole('button', { name: 'Excluir' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Mídia excluída' })), WAIT)
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === `${CENTRO}/media/m-Vagas` && init?.method === 'DELETE')).toBe(true)
  })

  it("opens the library's upload for the store's folder", async () => {
    signIn('franchisee', ['centro'])
    api()
    renderAt(<LocalPage />, '/local')
    await list()
    await userEvent.click(screen.getByRole('button', { name: 'Enviar imagens' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enviar Imagens' }, WAIT)
    expect(dialog).toHaveTextContent('Os arquivos serão salvos em Mídias da loja.')
  })

  it('is read-only for a store manager', async () => {
    signIn('store', ['centro'])
    api()
    renderAt(<LocalPage />, '/local')
    await list()
    expect(screen.getByText(/quem altera é o franqueado ou a rede/)).toBeInTheDocument()
    for (const name of [/^Adicionar/, /^Remover/, /^Mover/, /^Editar/, /^Reenviar/, /^Excluir/, 'Enviar imagens', 'Enviar vídeos']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument()
    }
    expect(screen.getByText('Recusado: Imagem fora do padrão')).toBeInTheDocument()
  })
})

describe("the store's upload", () => {
  it("asks the store's policy and registers into the store's folder", async () => {
    const fetchMock = stubApi({
      'GET /api/local/rede/centro/file': () => json({ data: { url: '/files/upload', fields: { key: 'rede/local/x.png' } } }),
      'POST /api/local/rede/centro/media': () => json({ media: {} }, 201),
    })
    const target = storeUploadTarget('rede', 'centro')
    const signal = new AbortController().signal
    expect(await target.policy('image', 'image/png', signal)).toEqual({ url: '/files/upload', fields: { key: 'rede/local/x.png' } })
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/local/rede/centro/file?type=image&contentType=image%2Fpng')
    await target.register({ name: 'x', type: 'image', filePath: 'rede/local/x.png' }, signal)
    expect(bodiesOf(fetchMock, 'POST', '/api/local/rede/centro/media')).toEqual([{ name: 'x', type: 'image', filePath: 'rede/local/x.png' }])
    expect(target.queryKey).toEqual(['local', 'rede', 'centro'])
  })
})
