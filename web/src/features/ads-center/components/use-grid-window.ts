import * as React from 'react'

// Windowing for the ad calendar: of a grid of fixed-size cells inside a
// scrolling box, only the rows and columns in view (plus a margin) are drawn,
// so 200 screens × 183 days scroll like 20 × 15.

/** First and last index (inclusive) of the items in view, `overscan` more on each side; last < first when none. */
export function visibleRange(scroll: number, viewport: number, itemSize: number, count: number, overscan: number) {
  if (count === 0 || itemSize <= 0) return { first: 0, last: -1 }
  const first = Math.max(0, Math.floor(scroll / itemSize) - overscan)
  const last = Math.min(count - 1, Math.ceil((scroll + viewport) / itemSize) - 1 + overscan)
  return { first, last }
}

type Options = {
  rows: number
  cols: number
  rowHeight: number
  colWidth: number
  /** Space before the cells that does not scroll away: the header row and the name column. */
  headerHeight: number
  labelWidth: number
  overscan?: number
}

export type GridWindow = { firstRow: number; lastRow: number; firstCol: number; lastCol: number }

/** A viewport for when the box has no size yet (first paint, or a test without layout). */
const FALLBACK = { width: 1280, height: 720 }

function windowOf(box: { scrollTop: number; scrollLeft: number; width: number; height: number }, o: Options): GridWindow {
  const rows = visibleRange(box.scrollTop, Math.max(0, box.height - o.headerHeight), o.rowHeight, o.rows, o.overscan ?? 3)
  const cols = visibleRange(box.scrollLeft, Math.max(0, box.width - o.labelWidth), o.colWidth, o.cols, o.overscan ?? 3)
  return { firstRow: rows.first, lastRow: rows.last, firstCol: cols.first, lastCol: cols.last }
}

const same = (a: GridWindow, b: GridWindow) =>
  a.firstRow === b.firstRow && a.lastRow === b.lastRow && a.firstCol === b.firstCol && a.lastCol === b.lastCol

/** The rows and columns to draw, following the scroll and size of the element in `ref`. */
export function useGridWindow(ref: React.RefObject<HTMLElement | null>, options: Options): GridWindow {
  const { rows, cols, rowHeight, colWidth, headerHeight, labelWidth, overscan } = options
  const [range, setRange] = React.useState<GridWindow>(() => windowOf({ scrollTop: 0, scrollLeft: 0, ...FALLBACK }, options))

  React.useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const opts = { rows, cols, rowHeight, colWidth, headerHeight, labelWidth, overscan }
    let frame = 0
    const measure = () => {
      frame = 0
      const next = windowOf(
        {
          scrollTop: element.scrollTop,
          scrollLeft: element.scrollLeft,
          width: element.clientWidth || FALLBACK.width,
          height: element.clientHeight || FALLBACK.height,
        },
        opts,
      )
      // Scrolling within the same rows and columns draws nothing new.
      setRange((current) => (same(current, next) ? current : next))
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    measure()
    element.addEventListener('scroll', schedule, { passive: true })
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule)
    observer?.observe(element)
    return () => {
      if (frame) cancelAnimationFrame(frame)
      element.removeEventListener('scroll', schedule)
      observer?.disconnect()
    }
  }, [ref, rows, cols, rowHeight, colWidth, headerHeight, labelWidth, overscan])

  // Until the effect measures again, a grid that just got fewer rows or columns must not draw past its end.
  return { ...range, lastRow: Math.min(range.lastRow, rows - 1), lastCol: Math.min(range.lastCol, cols - 1) }
}
