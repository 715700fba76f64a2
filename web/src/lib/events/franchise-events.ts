import * as React from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { API_BASE } from '@/lib/api-client'
import { storage, storageKeys, useStoredItem } from '@/lib/storage'
import { applyFranchiseEvent, type FranchiseEvent } from './apply-event'

/** Waits before reconnecting: 1 s, doubling up to 30 s, with some jitter. */
export const STREAM_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000]
/** No byte for this long (the server sends a comment every 25 s) means the stream is dead. */
export const STREAM_SILENCE_MS = 60_000

let live = false
const listeners = new Set<() => void>()
function setLive(value: boolean) {
  if (live === value) return
  live = value
  listeners.forEach((l) => l())
}

/** Tells whether this tab's event stream is open; polling is the fallback while it is not. */
export function useStreamLive() {
  return React.useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => live,
    () => false,
  )
}

/** Splits a text/event-stream body into events (comments and retry lines are skipped). */
export function parseEvents(buffer: string): { events: FranchiseEvent[]; rest: string } {
  const events: FranchiseEvent[] = []
  const blocks = buffer.split(/\r?\n\r?\n/)
  const rest = blocks.pop() ?? ''
  for (const block of blocks) {
    let type = 'message'
    let data = ''
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) type = line.slice(6).trim()
      else if (line.startsWith('data:')) data += line.slice(5).trim()
    }
    if (!data) continue
    try {
      events.push({ type, data: JSON.parse(data) as Record<string, unknown> })
    } catch {
      // a malformed event is skipped
    }
  }
  return { events, rest }
}

/** The server closed the stream for a newer tab of the session or account (it caps their streams). */
export const REPLACED = 'replaced'

/** Resolves when the tab is next shown or focused, or when signal aborts. */
export function nextShown(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener('visibilitychange', onVisible)
      window.removeEventListener('focus', done)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') done()
    }
    document.addEventListener('visibilitychange', onVisible)
    window.addEventListener('focus', done)
    signal.addEventListener('abort', done)
  })
}

/**
 * Reads the franchise's stream until it ends. The session token goes in the
 * Authorization header (fetch, not EventSource), never in the URL. Resolves
 * with the HTTP status when the server refused the stream, and with
 * REPLACED when it closed it for a newer tab.
 */
async function readStream(
  queryClient: QueryClient,
  franchise: string,
  token: string,
  signal: AbortSignal,
  first: boolean,
): Promise<number | typeof REPLACED | undefined> {
  const response = await fetch(`${API_BASE}/events/${encodeURIComponent(franchise)}`, {
    headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
    signal,
    cache: 'no-store',
  })
  if (!response.ok || !response.body) return response.status
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  let silence: ReturnType<typeof setTimeout> | undefined
  const watch = () => {
    clearTimeout(silence)
    silence = setTimeout(() => void reader.cancel(), STREAM_SILENCE_MS)
  }
  try {
    watch()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return undefined
      watch()
      const parsed = parseEvents(buffer + value)
      buffer = parsed.rest
      for (const event of parsed.events) {
        if (event.type === 'closed') return event.data.reason === REPLACED ? REPLACED : undefined
        if (event.type === 'ready') {
          setLive(true)
          event.data.first = first
        }
        applyFranchiseEvent(queryClient, franchise, event)
      }
    }
  } finally {
    clearTimeout(silence)
  }
}

/**
 * Keeps one event stream open for the signed-in tab's franchise, and
 * reconnects with backoff when it drops. Mounted once, in the console's layout.
 */
export function useFranchiseEvents(franchise: string | undefined) {
  const queryClient = useQueryClient()
  // Another session (impersonation, a new sign-in) opens another stream.
  const session = useStoredItem(storageKeys.token)
  React.useEffect(() => {
    if (!franchise || !session) return
    const controller = new AbortController()
    let attempt = 0
    let first = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const run = async () => {
      const token = storage.get(storageKeys.token)
      if (!token || controller.signal.aborted) return
      let status: number | typeof REPLACED | undefined
      const opened = Date.now()
      try {
        status = await readStream(queryClient, franchise, token, controller.signal, first)
      } catch {
        status = undefined
      }
      first = false
      setLive(false)
      if (controller.signal.aborted) return
      if (status === 401 || status === 403) return // the session ended or the franchise is not the user's
      if (status === REPLACED) {
        // A newer tab took this one's place (the server caps a session's
        // streams): the TV list is polled until the user comes back here,
        // and only then does this tab take a stream again.
        await nextShown(controller.signal)
        attempt = 0
        void run()
        return
      }
      if (Date.now() - opened > 60_000) attempt = 0 // it was up for a while: start the backoff again
      const wait = STREAM_BACKOFF_MS[Math.min(attempt, STREAM_BACKOFF_MS.length - 1)]
      attempt++
      timer = setTimeout(() => void run(), wait * (0.8 + Math.random() * 0.4))
    }
    void run()
    return () => {
      controller.abort()
      clearTimeout(timer)
      setLive(false)
    }
  }, [franchise, session, queryClient])
}
