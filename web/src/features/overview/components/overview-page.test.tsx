import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Display } from '@/features/displays'
import type { Store } from '@/features/stores'
import { createQueryClient } from '@/lib/query-client'
import { abilitiesOf } from '@/lib/session'
import { OverviewPage } from './overview-page'

const abilities = abilitiesOf(undefined)
vi.mock('@/lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/session')>()),
  useSession: () => ({
    franchise: { slug: 'rede', name: 'Rede Sul', timeZone: 'America/Sao_Paulo' },
    franchises: [{ slug: 'rede', name: 'Rede Sul' }],
    status: 'authenticated',
    user: { serverDiff: 0 },
    hasAdminToken: false,
    abilities,
  }),
  useAbilities: () => abilities,
}))

/** What the page's two lists answer, changed by each test before it draws the page again. */
const lists: { stores: Store[] | undefined; displays: Display[] | undefined } = { stores: undefined, displays: undefined }
const answer = <T,>(data: T | undefined) => ({
  data,
  isLoading: data === undefined,
  isPending: data === undefined,
  isSuccess: data !== undefined,
})
/** Whether the page let the TV list be read, at each of its draws. */
const displaysEnabled: boolean[] = []
vi.mock('@/features/stores', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/stores')>()),
  useStores: () => answer(lists.stores),
}))
vi.mock('@/features/displays', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/displays')>()),
  useDisplays: (_franchise: string | undefined, options?: { enabled?: boolean }) => {
    displaysEnabled.push(options?.enabled ?? true)
    return answer(lists.displays)
  },
}))

const store = (i: number) =>
  ({ slug: `loja-${i}`, name: `Loja ${i}`, region: 'Sul', state: 'RS', city: 'Porto Alegre', timeZone: '', contacts: [], displays: 2 }) as unknown as Store
const display = (store: number, tv: number) =>
  ({ id: `d${store}-${tv}`, name: `TV ${tv}`, device: `DEV${store}${tv}`, store: `loja-${store}`, connected: false, lastConnectionAck: 0 }) as unknown as Display

afterEach(() => {
  cleanup()
  lists.stores = undefined
  lists.displays = undefined
  displaysEnabled.length = 0
})

describe('Visão Geral while its lists load', () => {
  it('draws the store cards from the store list, their TVs once the TV list has arrived', async () => {
    const client = createQueryClient()
    const page = () => (
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <OverviewPage />
        </MemoryRouter>
      </QueryClientProvider>
    )
    const { rerender } = render(page())
    expect(screen.getByLabelText('Carregando lojas')).toBeInTheDocument()
    // The TV list is not read before the first cards are drawn.
    expect(displaysEnabled.length).toBeGreaterThan(0)
    expect(displaysEnabled.every((enabled) => !enabled)).toBe(true)

    lists.stores = [store(1), store(2)]
    rerender(page())
    const card = await screen.findByRole('region', { name: 'Loja 1' })
    // The TV count comes with the store; the Offline count and the table wait for the TVs.
    expect(within(card).getByRole('group', { name: 'Televisores: 2' })).toBeInTheDocument()
    expect(within(card).getByRole('group', { name: 'Offline: carregando' })).toBeInTheDocument()
    expect(within(card).getByRole('status', { name: 'Carregando televisores de Loja 1' })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Lojas: 2' })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Televisores: carregando' })).toBeInTheDocument()
    await waitFor(() => expect(displaysEnabled.at(-1)).toBe(true))

    lists.displays = [display(1, 1), display(1, 2), display(2, 1), display(2, 2)]
    rerender(page())
    expect(await within(card).findByText('TV 1')).toBeInTheDocument()
    expect(within(card).queryByRole('status', { name: /Carregando televisores/ })).toBeNull()
    expect(within(card).getByRole('group', { name: 'Offline: 2' })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Televisores: 4' })).toBeInTheDocument()
  })
})
