import * as React from 'react'

/**
 * How many of a long list to draw: `size` at first, `size` more each time
 * `more()` is called (by the sentinel below the list coming into view, or a
 * button), and back to `size` whenever `resetKey` changes (a new filter). A
 * franchise of a thousand stores then draws twenty cards, not a thousand.
 */
export function useBatches(total: number, size: number, resetKey: unknown) {
  const [state, setState] = React.useState({ key: resetKey, count: size })
  // Reset during render (not in an effect) so the first draw after a filter is already short.
  if (!Object.is(state.key, resetKey)) setState({ key: resetKey, count: size })
  const count = Object.is(state.key, resetKey) ? state.count : size
  // In a transition: React draws the next batch in slices, between which the page scrolls on;
  // only its commit holds the main thread (twenty store cards took 140–210 ms at once).
  const more = React.useCallback(() => React.startTransition(() => setState((s) => ({ ...s, count: s.count + size }))), [size])
  return { shown: Math.min(count, total), more, hasMore: count < total }
}

/** Calls `onVisible` when the returned ref's element comes within `margin` of the viewport. */
export function useSentinel(onVisible: () => void, enabled: boolean, margin = '800px') {
  // The latest onVisible, without observing again each time it changes.
  const onVisibleEvent = React.useEffectEvent(onVisible)
  const [node, setNode] = React.useState<HTMLElement | null>(null)
  React.useEffect(() => {
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onVisibleEvent(), {
      rootMargin: margin,
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [node, enabled, margin])
  return setNode
}

const NOT_YET = Symbol('not drawn yet')

/**
 * How many rows of a list to draw now: `first` (what a screen shows of them)
 * on the first draw once `ready` (the data is there), then every row in a
 * React transition right after, which React draws in slices that leave the
 * main thread free; back to `first` whenever `resetKey` changes (another
 * folder). A page of a hundred heavy rows then shows its first ones at once.
 */
export function useFirstDraw(first: number, resetKey: unknown, ready: boolean) {
  const [drawnKey, setDrawnKey] = React.useState<unknown>(NOT_YET)
  const done = Object.is(drawnKey, resetKey)
  React.useEffect(() => {
    if (ready && !done) React.startTransition(() => setDrawnKey(resetKey))
  }, [ready, done, resetKey])
  return done ? Number.POSITIVE_INFINITY : first
}
