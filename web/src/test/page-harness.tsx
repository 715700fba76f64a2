// For the pages' component tests: the providers a page needs (query client,
// router at an address, the address shown) and a fetch stub that answers by
// method and path.
import type * as React from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'

/** For waits on a loaded machine (two cores, other suites running). */
export const WAIT = { timeout: 5000 }

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>

/** A fetch stub: 'GET /api/local/rede/centro' → handler (the query string optional); anything else fails loudly. */
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

/** The JSON bodies of the calls made to `method url`, in order. */
export function bodiesOf(fetchMock: ReturnType<typeof stubApi>, method: string, url: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method)
    .map(([, init]) => JSON.parse(String(init?.body)))
}

/** What jsdom lacks for Radix's select, popover and checkbox. */
export function stubLayout() {
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
}

function Location() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

/** Renders `element` at `path`, with the query client and the current address shown. */
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
