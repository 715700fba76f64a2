import * as React from 'react'

/**
 * Code fetched once: every call returns the same promise, and a failed fetch
 * is tried again on the next call. `loaded` is the module once it has arrived.
 */
export type Chunk<M> = { (): Promise<M>; loaded: () => M | undefined }

export function chunk<M>(load: () => Promise<M>): Chunk<M> {
  let loading: Promise<M> | undefined
  let module: { value: M } | undefined
  const fetch = () =>
    (loading ??= load().then(
      (value) => {
        module = { value }
        return value
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  return Object.assign(fetch, { loaded: () => module?.value })
}

/**
 * A component of a chunk, drawn inside Suspense. Unlike React.lazy over the
 * chunk's promise, a component whose chunk has already arrived (preloaded on
 * a hover, at idle or with the session check) draws in the render that first
 * meets it: React would otherwise suspend on the settled promise, show the
 * fallback, and hold the content back for its reveal throttle (300 ms after a
 * fallback appears, React 19), which a dialog's first opening and a screen's
 * first rows would wait for.
 */
export function lazyComponent<M, P extends object>(from: Chunk<M>, pick: (module: M) => React.ComponentType<P>): React.LazyExoticComponent<React.ComponentType<P>> {
  return React.lazy(() => {
    const module = from.loaded()
    if (module === undefined) return from().then((m) => ({ default: pick(m) }))
    // React's lazy initializer takes a thenable whose `then` calls back at once as resolved in
    // the same render (it calls `then` once and ignores what it returns); a Promise, even a settled
    // one, calls back only on a later microtask.
    const present = { default: pick(module) }
    const settled = { then: (onFulfilled: (value: { default: React.ComponentType<P> }) => unknown) => void onFulfilled(present) }
    return settled as unknown as Promise<{ default: React.ComponentType<P> }>
  })
}
