import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { errorToast, toast } from '@/hooks/use-toast'
import type { SessionContextValue } from '@/lib/session'
import { bodiesOf, json, renderAt, stubApi, stubLayout, WAIT } from '@/test/page-harness'
import type { Approval, LocalVersion } from '../api/types'
import { ApprovalsPage } from './approvals-page'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn(), ERROR_TITLE: 'Oops! Algo deu errado.' }))
const session = vi.hoisted(() => ({ current: undefined as unknown }))
vi.mock('@/lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/session')>()),
  useSession: () => session.current,
}))

const LIST = '/api/approvals/rede'

function signIn(approveContent: boolean, role: 'network' | 'franchisee' = 'network') {
  session.current = {
    status: 'authenticated',
    user: { id: 'u1', name: 'Nina', roles: { rede: { role, stores: [], manageTeam: false, approveContent } } },
    franchise: { slug: 'rede', name: 'Rede', timeZone: 'America/Sao_Paulo' },
    franchises: [],
  } as unknown as SessionContextValue
}

const version = (name: string, type: 'image' | 'video' = 'image'): LocalVersion => ({
  mediaId: `m-${name}`,
  media: { id: `m-${name}`, name, type, url: `/files/${name}`, thumbnailUrl: '' },
})

function approval(id: string, extra: Partial<Approval> = {}): Approval {
  return {
    id,
    store: { slug: 'centro', name: 'Loja Centro' },
    scheduleId: 's1',
    scheduleName: 'Programação Verão',
    spaceId: 'sp1',
    spaceName: 'Recados da loja',
    localTime: 10,
    draft: version(`Cartaz ${id}`),
    live: null,
    sentBy: 'Fábio',
    sentByEmail: 'fabio@vitrine.test',
    sentAt: Date.UTC(2026, 11, 1, 15, 30),
    contentOrientation: 0,
    bottomBar: null,
    ...extra,
  }
}

const bar: NonNullable<Approval['bottomBar']> = { height: 80, fSize: 20, bgColor: '#000000', color: '#ffffff', fWeight: 700, clock: { color: '#ffffff', fSize: 20 } }

beforeEach(stubLayout)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.mocked(toast).mockClear()
  vi.mocked(errorToast).mockClear()
})

const cards = () => within(screen.getByRole('list', { name: 'Aguardando aprovação' })).getAllByRole('article')

describe("'Aprovações'", () => {
  it('lists what waits with its store, sender, time and a preview on the TV', async () => {
    signIn(true)
    stubApi({
      [`GET ${LIST}`]: () =>
        json({
          items: [
            approval('a1', { contentOrientation: 1, bottomBar: bar }),
            approval('a2', { store: { slug: 'norte', name: 'Loja Norte' }, live: version('Cartaz antigo'), draft: version('Cartaz novo', 'video') }),
          ],
          total: 2,
        }),
    })
    renderAt(<ApprovalsPage />, '/approvals')
    expect(await screen.findByText('2 itens aguardando aprovação, os mais antigos primeiro.', {}, WAIT)).toBeInTheDocument()
    const [first, second] = cards()
    expect(first).toHaveAccessibleName('Loja Centro: Cartaz a1')
    expect(first).toHaveTextContent('Programação Verão › Recados da loja')
    expect(within(first).getByText('Enviado por')).toBeInTheDocument()
    expect(first).toHaveTextContent('Fábio (fabio@vitrine.test)')
    expect(first).toHaveTextContent('01/12/2026')
    // A TV turned upright: the frame stands, the schedule's footer under it.
    expect(within(first).getByRole('region', { name: 'Prévia de Cartaz a1 na TV de Loja Centro' })).toHaveClass('aspect-[9/16]')
    expect(within(first).getByRole('img', { name: 'Cartaz a1' })).toBeInTheDocument()
    expect(within(first).getByTestId('preview-footer')).toBeInTheDocument()
    expect(first).toHaveTextContent('Televisor vertical, conteúdo girado 90°')
    // A change: the approved version beside the new one.
    expect(within(second).getByRole('heading', { name: 'Aprovado (passa enquanto isso)' })).toBeInTheDocument()
    expect(within(second).getByRole('region', { name: 'Prévia da versão aprovada de Cartaz novo' })).toHaveClass('aspect-video')
    expect(within(second).getByRole('img', { name: 'Cartaz antigo' })).toBeInTheDocument()
    expect(within(second).getByLabelText('Cartaz novo')).toBeInstanceOf(HTMLVideoElement)
    expect(within(second).queryByTestId('preview-footer')).not.toBeInTheDocument()
  })

  it("approves the items selected, 'Selecionar todos' choosing every one", async () => {
    signIn(true)
    let decided = false
    const fetchMock = stubApi({
      [`GET ${LIST}`]: () => json(decided ? { items: [], total: 0 } : { items: [approval('a1'), approval('a2'), approval('a3')], total: 3 }),
      [`POST ${LIST}`]: () => {
        decided = true
        return json({ decided: 2 })
      },
    })
    renderAt(<ApprovalsPage />, '/approvals')
    await screen.findByText('3 itens aguardando aprovação, os mais antigos primeiro.', {}, WAIT)
    const toolbar = screen.getByRole('toolbar', { name: 'Decidir os selecionados' })
    expect(within(toolbar).getByRole('button', { name: 'Aprovar' })).toBeDisabled()
    await userEvent.click(within(toolbar).getByRole('checkbox', { name: 'Selecionar todos' }))
    expect(within(toolbar).getByText('3 selecionados')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar Cartaz a2 de Loja Centro' }))
    expect(within(toolbar).getByRole('checkbox', { name: 'Selecionar todos' })).toHaveAttribute('data-state', 'indeterminate')
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Aprovar' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '2 itens aprovados' })), WAIT)
    expect(bodiesOf(fetchMock, 'POST', LIST)).toEqual([{ ids: ['a1', 'a3'], decision: 'approve' }])
    expect(await screen.findByText('Nada aguardando aprovação.', { selector: 'p' }, WAIT)).toBeInTheDocument()
  })

  it("refuses with a required 'Motivo'", async () => {
    signIn(true)
    const fetchMock = stubApi({
      [`GET ${LIST}`]: () => json({ items: [approval('a1'), approval('a2')], total: 2 }),
      [`POST ${LIST}`]: () => json({ decided: 1 }),
    })
    renderAt(<ApprovalsPage />, '/approvals')
    await screen.findByText('2 itens aguardando aprovação, os mais antigos primeiro.', {}, WAIT)
    await userEvent.click(screen.getByRole('button', { name: 'Recusar Cartaz a2 de Loja Centro' }))
    const dialog = await screen.findByRole('dialog', { name: 'Recusar' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Informe o motivo da recusa.')
    expect(within(dialog).getByLabelText('Motivo')).toHaveAttribute('aria-invalid', 'true')
    await userEvent.type(within(dialog).getByLabelText('Motivo'), '  Logo fora do padrão ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Item recusado' })), WAIT)
    expect(bodiesOf(fetchMock, 'POST', LIST)).toEqual([{ ids: ['a2'], decision: 'reject', reason: 'Logo fora do padrão' }])
  })

  it("loads the next page with the cursor ('Carregar mais')", async () => {
    signIn(true)
    const fetchMock = stubApi({
      [`GET ${LIST}`]: (_init, url) =>
        url.includes('after=c1') ? json({ items: [approval('a2')], total: 2 }) : json({ items: [approval('a1')], total: 2, next: 'c1' }),
    })
    renderAt(<ApprovalsPage />, '/approvals')
    await screen.findByText('2 itens aguardando aprovação, os mais antigos primeiro.', {}, WAIT)
    expect(cards()).toHaveLength(1)
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }))
    await vi.waitFor(() => expect(cards()).toHaveLength(2), WAIT)
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe(`${LIST}?after=c1`)
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument()
  })

  it("shows the API's message when a decision is refused", async () => {
    signIn(true)
    stubApi({
      [`GET ${LIST}`]: () => json({ items: [approval('a1')], total: 1 }),
      [`POST ${LIST}`]: () => json({ error: true, statusCode: 1003, msg: 'Informe o motivo da recusa.' }, 400),
    })
    renderAt(<ApprovalsPage />, '/approvals')
    await screen.findByText('1 item aguardando aprovação, os mais antigos primeiro.', {}, WAIT)
    await userEvent.click(screen.getByRole('button', { name: 'Aprovar Cartaz a1 de Loja Centro' }))
    await vi.waitFor(() => expect(errorToast).toHaveBeenCalled(), WAIT)
    expect(vi.mocked(errorToast).mock.calls[0][0]).toBe('Informe o motivo da recusa.')
  })

  it('says when nothing waits', async () => {
    signIn(true)
    stubApi({ [`GET ${LIST}`]: () => json({ items: [], total: 0 }) })
    renderAt(<ApprovalsPage />, '/approvals')
    expect(await screen.findByText('Nada aguardando aprovação.', { selector: 'p' }, WAIT)).toBeInTheDocument()
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument()
  })

  it("is closed to members without 'Aprovar conteúdo', with no call", async () => {
    signIn(false)
    const fetchMock = stubApi({})
    renderAt(<ApprovalsPage />, '/approvals')
    expect(screen.getByText('Você não tem permissão para aprovar conteúdo neste grupo.')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
