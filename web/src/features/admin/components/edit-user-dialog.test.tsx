import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@/hooks/use-toast'
import { createQueryClient } from '@/lib/query-client'
import { userQueryOptions, type SessionUser } from '@/lib/session'
import type { AdminUser } from '../types'
import { EditUserDialog } from './edit-user-dialog'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn(), toast: vi.fn(), ERROR_TITLE: 'Oops! Algo deu errado.' }))

const admin = { id: 'a1', email: 'admin@vitrine.test', name: 'Admin', viewAdsCenter: 0, canUseAdsCenter: false, isAdmin: true, serverDiff: 0 } as SessionUser
vi.mock('@/lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/session')>()),
  useSession: () => ({ user: admin, hasAdminToken: true }),
}))

const bruno: AdminUser = { id: 'u2', email: 'bruno@vitrine.test', name: 'Bruno', franchise: {}, permission: {}, viewAdsCenter: 0, emergencyOverride: 0, verified: true, createdAt: 0, updatedAt: 0 }

function openDialog(user: AdminUser) {
  const client = createQueryClient()
  client.setQueryData(userQueryOptions().queryKey, admin)
  const fetchMock = vi.fn<typeof fetch>(async (_input, init) => {
    const sent = JSON.parse(String(init?.body))
    return new Response(JSON.stringify({ user: { ...user, ...sent } }))
  })
  vi.stubGlobal('fetch', fetchMock)
  // jsdom has no ResizeObserver; the checkbox measures itself with one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
  render(
    <QueryClientProvider client={client}>
      <EditUserDialog user={user} open onOpenChange={() => {}} />
    </QueryClientProvider>,
  )
  const sent = () => JSON.parse(String(fetchMock.mock.calls[0][1]?.body))
  return { client, sent }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.mocked(toast).mockClear()
})

describe("'Editar Usuário': the ads-center permission", () => {
  it('grants it with viewAdsCenter: 1', async () => {
    const { sent } = openDialog({ ...bruno, viewAdsCenter: 0, emergencyOverride: 0 })
    const box = screen.getByRole('checkbox', { name: 'Acesso à Central de Anúncios' })
    expect(box).not.toBeChecked()
    await userEvent.click(box)
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Permissão atualizada' })))
    expect(sent()).toEqual({ email: 'bruno@vitrine.test', name: 'Bruno', viewAdsCenter: 1, emergencyOverride: 0 })
  })

  it('revokes it with viewAdsCenter: 0', async () => {
    const { sent } = openDialog({ ...bruno, viewAdsCenter: 1, emergencyOverride: 0 })
    await userEvent.click(screen.getByRole('checkbox', { name: 'Acesso à Central de Anúncios' }))
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalled())
    expect(sent()).toEqual({ email: 'bruno@vitrine.test', name: 'Bruno', viewAdsCenter: 0, emergencyOverride: 0 })
  })

  it('keeps it as it is on a rename', async () => {
    const { sent } = openDialog({ ...bruno, viewAdsCenter: 1, emergencyOverride: 0 })
    await userEvent.clear(screen.getByLabelText('Nome'))
    await userEvent.type(screen.getByLabelText('Nome'), 'Bruno Lima')
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Nome atualizado com sucesso.', description: 'Nome atualizado para Bruno Lima.' }))
    expect(sent()).toEqual({ email: 'bruno@vitrine.test', name: 'Bruno Lima', viewAdsCenter: 1, emergencyOverride: 0 })
  })

  it("shows an administrator's own change at once", async () => {
    const { client } = openDialog({ ...bruno, id: 'a1', email: admin.email, name: 'Admin', viewAdsCenter: 0, emergencyOverride: 0 })
    await userEvent.click(screen.getByRole('checkbox', { name: 'Acesso à Central de Anúncios' }))
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await vi.waitFor(() => expect(client.getQueryData(userQueryOptions().queryKey)).toMatchObject({ canUseAdsCenter: true, viewAdsCenter: 1, emergencyOverride: 0 }))
  })
})
