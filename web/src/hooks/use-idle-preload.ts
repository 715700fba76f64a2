import * as React from 'react'

/**
 * A chunk fetched once: every call returns the same promise; a failed fetch
 * is tried again on the next call.
 */
export function chunk<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | undefined
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
}

/**
 * Fetches `load` once `ready` (a screen's first rows drawn) and the page is
 * idle: the screen draws its rows without the dialogs' code, and the first
 * dialog still opens at once.
 */
export function useIdlePreload(ready: boolean, load: () => Promise<unknown>) {
  React.useEffect(() => {
    if (!ready) return
    const preload = () => void load().catch(() => {})
    if (!window.requestIdleCallback) {
      const timer = window.setTimeout(preload, 200)
      return () => window.clearTimeout(timer)
    }
    const idle = window.requestIdleCallback(preload, { timeout: 2000 })
    return () => window.cancelIdleCallback(idle)
  }, [ready, load])
}
