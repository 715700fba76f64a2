import * as React from 'react'

const RELOADED_KEY = 'vitrine:chunk-reload'

/**
 * Loads a page's chunk. When it cannot be fetched because a new release
 * replaced it, the page reloads once to pick up the new one (the returned
 * promise never settles, so the fallback stays until then); a second failure
 * is thrown to the error boundary.
 */
export async function loadPage<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) {
  try {
    const page = pick(await load())
    sessionStorage.removeItem(RELOADED_KEY)
    return { default: page }
  } catch (error) {
    if (sessionStorage.getItem(RELOADED_KEY)) throw error
    sessionStorage.setItem(RELOADED_KEY, '1')
    window.location.reload()
    return new Promise<never>(() => {})
  }
}

/** A page loaded as its own chunk; `preload` starts fetching it before it is drawn. */
export type LazyPage = React.LazyExoticComponent<React.ComponentType> & { preload: () => void }

/**
 * A page loaded on its first visit, as its own chunk (see loadPage), or
 * earlier through `preload` (the first load fetches the chunks of the address
 * it opens together with the session check, not one after the other).
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType): LazyPage {
  let loading: ReturnType<typeof loadPage<M>> | undefined
  const start = () => (loading ??= loadPage(load, pick))
  return Object.assign(React.lazy(start), { preload: () => void start() })
}
