import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@/hooks/use-toast'
import { createQueryClient } from '@/lib/query-client'
import type { TeamMember, TeamStore } from '../api/types'
import { teamMessages } from '../schemas'
import { MemberDialog } from './member-dialog'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn(), ERROR_TITLE: 'Oops! Algo deu errado.' }))

const stores: TeamStore[] = [
  { slug: 'centro', name: 'Loja Centro' },
  { slug: 'norte', name: 'Loja Norte' },
]

const fabio: TeamMember = { id: 'u2', name: 'Fábio', email: 'fabio@vitrine.test', role: 'franchisee', stores: ['centro'], manageTeam: false, approveContent: false, since: 0 }

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const sent = JSON.parse(String(init?.body))
    const url = String(input)
    if (url.endsWith('/invite')) {
      return new Response(JSON.stringify({ invitation: { id: 'i1', invitedBy: 'Nina', createdAt: 0, expiresAt: 0, ...sent } }), { status: 201 })
    }
    return new Response(JSON.stringify({ member: { ...fabio, ...sent } }))
  })
  vi.stubGlobal('fetch', fetchMock)
  // jsdom lacks what Radix's select, popover and checkbox measure and scroll with.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
  Element.prototype.hasPointerCapture ??= () => false
  Element.prototype.releasePointerCapture ??= () => {}
  Element.prototype.scrollIntoView ??= () => {}
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.mocked(toast).mockClear()
})

function open(member?: TeamMember) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemberDialog open onOpenChange={() => {}} franchise="rede" stores={stores} member={member} />
    </QueryClientProvider>,
  )
  const sent = () => JSON.parse(String(fetchMock.mock.calls[0][1]?.body))
  const url = () => String(fetchMock.mock.calls[0][0])
  return { sent, url }
}

async function chooseRole(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Papel' }))
  await userEvent.click(await screen.findByRole('option', { name: label }))
}

describe("'Convidar'", () => {
  it('invites a franchisee with the stores chosen', async () => {
    const { sent, url } = open()
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@vitrine.test')
    await userEvent.click(screen.getByRole('button', { name: /Lojas/ }))
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Loja Norte' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Loja Centro' }))
    await userEvent.keyboard('{Escape}')
    await userEvent.click(screen.getByRole('button', { name: 'Enviar convite' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Convite enviado' })))
    expect(url()).toMatch(/\/api\/team\/rede\/invite$/)
    expect(sent()).toEqual({ email: 'ana@vitrine.test', role: 'franchisee', stores: ['centro', 'norte'], manageTeam: false, approveContent: false })
  })

  it('says a franchisee needs a store, and sends nothing', async () => {
    open()
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@vitrine.test')
    await userEvent.click(screen.getByRole('button', { name: 'Enviar convite' }))
    expect(await screen.findByText(teamMessages.franchiseeStores)).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("offers 'Gerenciar equipe' to the network, without stores", async () => {
    const { sent } = open()
    await userEvent.type(screen.getByLabelText('E-mail'), 'rui@vitrine.test')
    await chooseRole('Rede')
    expect(screen.queryByRole('button', { name: /Lojas/ })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Gerenciar equipe' }))
    await userEvent.click(screen.getByRole('button', { name: 'Enviar convite' }))
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(sent()).toEqual({ email: 'rui@vitrine.test', role: 'network', stores: [], manageTeam: true, approveContent: false })
  })
})

describe("'Aprovar conteúdo'", () => {
  it('is offered to the network only, beside \'Gerenciar equipe\', with what it allows', async () => {
    const { sent } = open()
    expect(screen.queryByRole('checkbox', { name: 'Aprovar conteúdo' })).not.toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('E-mail'), 'rui@vitrine.test')
    await chooseRole('Rede')
    const box = screen.getByRole('checkbox', { name: 'Aprovar conteúdo' })
    expect(box).toHaveAccessibleDescription('Aprova ou recusa o que as lojas enviam para os espaços locais.')
    box.focus()
    await userEvent.keyboard(' ')
    expect(box).toBeChecked()
    await userEvent.click(screen.getByRole('button', { name: 'Enviar convite' }))
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(sent()).toEqual({ email: 'rui@vitrine.test', role: 'network', stores: [], manageTeam: false, approveContent: true })
  })

  it("opens with a member's permission and drops it when the role leaves the network", async () => {
    const rui: TeamMember = { ...fabio, id: 'u3', name: 'Rui', role: 'network', stores: [], approveContent: true }
    const { sent } = open(rui)
    expect(screen.getByRole('checkbox', { name: 'Aprovar conteúdo' })).toBeChecked()
    await chooseRole('Gerente de loja')
    expect(screen.queryByRole('checkbox', { name: 'Aprovar conteúdo' })).not.toBeInTheDocument()
    await chooseRole('Rede')
    expect(screen.getByRole('checkbox', { name: 'Aprovar conteúdo' })).not.toBeChecked()
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(sent()).toEqual({ role: 'network', stores: [], manageTeam: false, approveContent: false })
  })
})

describe("'Editar membro'", () => {
  it('makes a franchisee the manager of one store', async () => {
    const { sent, url } = open(fabio)
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument()
    await chooseRole('Gerente de loja')
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Membro alterado' })))
    expect(url()).toMatch(/\/api\/team\/rede\/u2$/)
    expect(sent()).toEqual({ role: 'store', stores: ['centro'], manageTeam: false, approveContent: false })
  })
})
