import * as React from 'react'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chunk, lazyComponent } from './lazy'

afterEach(cleanup)

function Page({ name }: { name: string }) {
  return <h1>{name}</h1>
}

describe('a chunk', () => {
  it('is fetched once, and says what it holds once it has arrived', async () => {
    const load = vi.fn(async () => ({ Page }))
    const page = chunk(load)
    expect(page.loaded()).toBeUndefined()
    const [first, second] = [page(), page()]
    expect(first).toBe(second)
    await first
    expect(page.loaded()).toEqual({ Page })
    await page()
    expect(load).toHaveBeenCalledOnce()
  })

  it('is fetched again after a failed fetch', async () => {
    const load = vi.fn<() => Promise<{ Page: typeof Page }>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce({ Page })
    const page = chunk(load)
    await expect(page()).rejects.toThrow('Failed to fetch')
    expect(page.loaded()).toBeUndefined()
    await expect(page()).resolves.toEqual({ Page })
    expect(load).toHaveBeenCalledTimes(2)
  })
})

describe('a component of a chunk', () => {
  const fallbacks = vi.fn()
  function Fallback() {
    fallbacks()
    return <p>Carregando</p>
  }
  afterEach(() => fallbacks.mockReset())
  /** Renders `node` under Suspense in one synchronous act: no microtask runs before the caller's checks. */
  const renderSuspended = (node: React.ReactNode) =>
    act(() => {
      render(<React.Suspense fallback={<Fallback />}>{node}</React.Suspense>)
    })

  it('draws in the first render when its chunk is already here, without the fallback', async () => {
    const page = chunk(async () => ({ Page }))
    await page()
    const Lazy = lazyComponent(page, (m) => m.Page)
    renderSuspended(<Lazy name="Programações" />)
    expect(screen.getByRole('heading', { name: 'Programações' })).toBeInTheDocument()
    expect(fallbacks).not.toHaveBeenCalled()
  })

  it('shows the fallback until a chunk still on its way arrives', async () => {
    let arrive: (module: { Page: typeof Page }) => void = () => {}
    const page = chunk(() => new Promise<{ Page: typeof Page }>((resolve) => (arrive = resolve)))
    const Lazy = lazyComponent(page, (m) => m.Page)
    renderSuspended(<Lazy name="Minhas Mídias" />)
    expect(screen.getByText('Carregando')).toBeInTheDocument()
    await act(async () => arrive({ Page }))
    expect(await screen.findByRole('heading', { name: 'Minhas Mídias' })).toBeInTheDocument()
    expect(page.loaded()).toEqual({ Page })
  })

  it('fails to the error boundary when its chunk cannot be fetched', async () => {
    const page = chunk(() => Promise.reject(new TypeError('Failed to fetch')))
    const Lazy = lazyComponent(page, (m: { Page: typeof Page }) => m.Page)
    class Boundary extends React.Component<{ children: React.ReactNode }, { error: boolean }> {
      state = { error: false }
      static getDerivedStateFromError() {
        return { error: true }
      }
      render() {
        return this.state.error ? <p>Falhou</p> : this.props.children
      }
    }
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <Boundary>
        <React.Suspense fallback={<Fallback />}>
          <Lazy name="x" />
        </React.Suspense>
      </Boundary>,
    )
    expect(await screen.findByText('Falhou')).toBeInTheDocument()
    vi.restoreAllMocks()
  })
})
