import type * as React from 'react'
import { chunk, lazyComponent } from '@/lib/lazy'

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

/**
 * A page loaded as its own chunk; `preload` starts fetching it before it is
 * drawn, and resolves once it is here (or could not be fetched: the page
 * then tries again when drawn).
 */
export type LazyPage = React.LazyExoticComponent<React.ComponentType> & { preload: () => Promise<void> }

/**
 * A page loaded on its first visit, as its own chunk (see loadPage), or
 * earlier through `preload` (the first load fetches the chunks of the address
 * it opens together with the session check, not one after the other). A page
 * whose chunk is already here draws without the layout's skeleton.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType): LazyPage {
  const page = chunk(() => loadPage(load, pick))
  return Object.assign(
    lazyComponent(page, (m) => m.default),
    {
      preload: () =>
        page().then(
          () => {},
          () => {},
        ),
    },
  )
}
