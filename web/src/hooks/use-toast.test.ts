// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reducer, TOAST_LIMIT, TOAST_REMOVE_DELAY } from './use-toast'

describe('toasts', () => {
  afterEach(() => vi.useRealTimers())

  it('shows one toast at a time, the newest', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '1', title: 'primeiro' } })
    state = reducer(state, { type: 'ADD_TOAST', toast: { id: '2', title: 'segundo' } })
    expect(TOAST_LIMIT).toBe(1)
    expect(state.toasts.map((t) => t.id)).toEqual(['2'])
  })

  it('removes a dismissed toast after one second', () => {
    expect(TOAST_REMOVE_DELAY).toBe(1000)
    vi.useFakeTimers()
    const state = reducer({ toasts: [{ id: 'x', open: true }] }, { type: 'DISMISS_TOAST', toastId: 'x' })
    expect(state.toasts[0].open).toBe(false)
  })
})
