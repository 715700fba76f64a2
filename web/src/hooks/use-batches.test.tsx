import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useBatches } from './use-batches'

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
