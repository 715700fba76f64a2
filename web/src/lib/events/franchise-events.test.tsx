import * as React from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { storageKeys } from '@/lib/storage'
import { useFranchiseEvents } from './franchise-events'

/** A stream answer carrying text, then ending (end) or staying open until aborted. */
function streamAnswer(text: string, end: boolean, signal?: AbortSignal | null) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text))
      if (end) controller.close()
      else signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')))
    },
  })
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } })
}

const ready = 'event: ready\ndata: {"franchise":"rede"}\n\n'

describe('useFranchiseEvents', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    localStorage.setItem(storageKeys.token, 'tok-1')
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  function mount(fetchMock: ReturnType<typeof vi.fn>) {
    vi.stubGlobal('fetch', fetchMock)
    const client = new QueryClient()
    const wrapper = ({ children }: { children: React.ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
    return renderHook(() => useFranchiseEvents('rede'), { wrapper })
  }

  it('a tab whose stream a newer tab replaced waits to be shown again before reconnecting', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(streamAnswer(ready + 'event: closed\ndata: {"reason":"replaced"}\n\n', true))
      .mockImplementation((_url: string, init: RequestInit) => Promise.resolve(streamAnswer(ready, false, init.signal)))
    const { unmount } = mount(fetchMock)
    await act(() => vi.advanceTimersByTimeAsync(120_000)) // far past every backoff step
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await act(async () => {
      window.dispatchEvent(new Event('focus'))
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(fetchMock).toHaveBeenCalledTimes(2)
    unmount()
  })

  it('a stream that drops otherwise reconnects after a backoff', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(streamAnswer(ready, true))
      .mockImplementation((_url: string, init: RequestInit) => Promise.resolve(streamAnswer(ready, false, init.signal)))
    const { unmount } = mount(fetchMock)
    await act(() => vi.advanceTimersByTimeAsync(2_000))
    expect(fetchMock).toHaveBeenCalledTimes(2)
    unmount()
  })
})
