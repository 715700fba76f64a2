import * as React from 'react'

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
