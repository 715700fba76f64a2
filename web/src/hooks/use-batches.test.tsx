import { act, render, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useBatches, useFirstDraw } from './use-batches'

describe('useBatches', () => {
  it('shows the first batch, grows by a batch, never past the total', () => {
    const { result } = renderHook(() => useBatches(45, 20, 'a'))
    expect(result.current).toMatchObject({ shown: 20, hasMore: true })
    act(() => result.current.more())
    expect(result.current).toMatchObject({ shown: 40, hasMore: true })
    act(() => result.current.more())
    expect(result.current).toMatchObject({ shown: 45, hasMore: false })
  })

  it('starts again from one batch when the filter changes', () => {
    const { result, rerender } = renderHook(({ key }) => useBatches(100, 20, key), { initialProps: { key: 'todas' } })
    act(() => result.current.more())
    expect(result.current.shown).toBe(40)
    rerender({ key: 'loja 9' })
    expect(result.current.shown).toBe(20)
  })

  it('shows everything when the list is shorter than a batch', () => {
    const { result } = renderHook(() => useBatches(3, 20, null))
    expect(result.current).toMatchObject({ shown: 3, hasMore: false })
  })
})

describe('useFirstDraw', () => {
  function Probe({ ready, folder, drawn }: { ready: boolean; folder: string; drawn: number[] }) {
    drawn.push(useFirstDraw(20, folder, ready))
    return null
  }

  it('draws the first rows once the data is there, every row right after, and the first rows again for another folder', async () => {
    const drawn: number[] = []
    const { rerender } = render(<Probe ready={false} folder="" drawn={drawn} />)
    expect(drawn).toEqual([20])
    drawn.length = 0
    await act(async () => rerender(<Probe ready folder="" drawn={drawn} />))
    expect(drawn[0]).toBe(20)
    expect(drawn.at(-1)).toBe(Number.POSITIVE_INFINITY)
    drawn.length = 0
    await act(async () => rerender(<Probe ready folder="Natal" drawn={drawn} />))
    expect(drawn[0]).toBe(20)
    expect(drawn.at(-1)).toBe(Number.POSITIVE_INFINITY)
  })
})
