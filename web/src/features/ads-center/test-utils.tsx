// Shared by the ads center's component tests: the providers a page needs and
// a fetch stub that answers by method and path.
import type * as React from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { vi } from 'vitest'
import type { ScheduleEntry } from '@/lib/playback'
import { createQueryClient } from '@/lib/query-client'
import type { SessionContextValue } from '@/lib/session'
import type { AdMap, AdMapScreen, AdMediaItem, Advertise } from './api/types'
import { calendarDays, dayKeyAt } from './calendar'

/** What useSession answers in the tests (vi.mock of '@/lib/session' reads it). */
export const testSession = {
  status: 'authenticated',
  user: { id: 'u1', email: 'ana@vitrine.test', name: 'Ana', canUseAdsCenter: true, viewAdsCenter: 1 },
  franchise: { slug: 'rede-norte', name: 'Rede Norte', timeZone: 'America/Sao_Paulo' },
  franchises: [],
  hasAdminToken: false,
  isImpersonating: false,
  selectFranchise: async () => {},
} as unknown as SessionContextValue

/** For vi.waitFor: a loaded machine (two cores, other suites running) can take more than its default second. */
export const WAIT = { timeout: 5000 }

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>

/** A fetch stub: 'GET /api/advertise/rede-norte' → handler; anything else fails the test loudly. */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input)
    const method = init?.method ?? 'GET'
    const handler = handlers[`${method} ${url}`] ?? handlers[`${method} ${url.split('?')[0]}`]
    if (!handler) throw new Error(`unexpected ${method} ${url}`)
    return handler(init, url)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** The JSON body a call was made with. */
export function bodyOf(fetchMock: ReturnType<typeof stubApi>, method: string, url: string) {
  const call = fetchMock.mock.calls.find(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method)
  return call ? JSON.parse(String(call[1]?.body)) : undefined
}

function Location() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

/** Renders `element` at `path` (matched by `pattern`), with the query client and the current address shown. */
export function renderAt(element: React.ReactElement, path: string, pattern = path.split('?')[0]) {
  const client = createQueryClient()
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={null} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return { ...view, client }
}

/** A screen of the ad map with one all-day slot of 1 position of 30 s, free unless `dayMap` says otherwise. */
export function mapScreen(
  displayId: string,
  name: string,
  dayMap: AdMapScreen['dayMap'] = {},
  slots?: AdMapScreen['slots'],
  timeZone = 'America/Sao_Paulo',
): AdMapScreen {
  const allDay = { slotId: `slot-${displayId}`, keys: ['00:00@23:59'], adSlots: 1, adTime: 30 }
  return { displayId, name, scheduleId: `sched-${displayId}`, storeId: 'loja-centro', storeName: '', timeZone, slots: slots ?? [allDay], dayMap }
}

/**
 * An ad-slot entry in an advertisement's media list. The API neither saves
 * nor sends one (its AdMediaItem has no slot fields), so this is off the
 * contract on purpose: the editor still refuses to unlink or edit a slot.
 */
export function slotItem(id: string, name: string): AdMediaItem {
  const slot: ScheduleEntry = { id, name, isAd: true, adSlots: 1, adTime: 10 }
  return slot as unknown as AdMediaItem
}

/** The ad map's 183 days from today in São Paulo. */
export const mapDays = calendarDays(dayKeyAt(Date.now(), 'America/Sao_Paulo'), 183)

/** GET /advertise/{franchise}/map with these screens. */
export function adMap(data: AdMapScreen[]): AdMap {
  return { timeZone: 'America/Sao_Paulo', from: mapDays[0], days: mapDays.length, data }
}

export function advertise(extra: Partial<Advertise> = {}): Advertise {
  return {
    id: 'ad1',
    name: 'Promoção de verão',
    displayTime: 15,
    // 10 to 19 January 2020 in São Paulo: over, whatever the clock says.
    startAt: Date.UTC(2020, 0, 10, 3),
    endsAt: Date.UTC(2020, 0, 20, 2, 59, 59, 999),
    createdAt: Date.UTC(2020, 0, 1),
    updatedAt: Date.UTC(2020, 0, 1),
    franchise: 'rede-norte',
    media: [],
    displays: 2,
    ...extra,
  }
}
