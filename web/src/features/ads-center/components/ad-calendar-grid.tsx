import * as React from 'react'
import { spansZones, zoneLabel } from '@/lib/time-zones'
import { cn } from '@/lib/utils'
import type { AdMapScreen } from '../api/types'
import { dayText, isDayAvailable, selectionPart, weekdayText, type AdSelection } from '../calendar'
import { useGridWindow } from './use-grid-window'

const LABEL_WIDTH = 220
const COL_WIDTH = 104
const ROW_HEIGHT = 44
const HEADER_HEIGHT = 52

type Props = {
  screens: AdMapScreen[]
  days: string[]
  selection: AdSelection
  onDayClick: (screen: AdMapScreen, day: string, available: boolean) => void
}

/**
 * The screens × days grid of the new-ad page: each cell says 'Disponível' or
 * 'Indisponível' and, when available, picks the day. Only the cells in view
 * are drawn (see useGridWindow); the header row and the screens' names stay
 * in place while the grid scrolls.
 */
export function AdCalendarGrid({ screens, days, selection, onDayClick }: Props) {
  const scroller = React.useRef<HTMLDivElement>(null)
  const view = useGridWindow(scroller, {
    rows: screens.length,
    cols: days.length,
    rowHeight: ROW_HEIGHT,
    colWidth: COL_WIDTH,
    headerHeight: HEADER_HEIGHT,
    labelWidth: LABEL_WIDTH,
  })
  const width = LABEL_WIDTH + days.length * COL_WIDTH
  const cols: number[] = []
  for (let c = view.firstCol; c <= view.lastCol; c++) cols.push(c)
  const rows: number[] = []
  for (let r = view.firstRow; r <= view.lastRow; r++) rows.push(r)
  // Each screen's days are its store's: its zone is named when they differ.
  const showZones = React.useMemo(() => spansZones(screens.map((s) => s.timeZone)), [screens])

  return (
    <div
      ref={scroller}
      role="grid"
      aria-label="Disponibilidade das telas por dia"
      aria-rowcount={screens.length + 1}
      aria-colcount={days.length + 1}
      className="relative h-[560px] overflow-auto overscroll-contain rounded-md border"
    >
      <div className="relative" style={{ width, height: HEADER_HEIGHT + screens.length * ROW_HEIGHT }}>
        <div role="row" aria-rowindex={1} className="sticky top-0 z-20 border-b bg-background" style={{ width, height: HEADER_HEIGHT }}>
          <div
            role="columnheader"
            aria-colindex={1}
            className="sticky left-0 z-10 flex h-full items-center border-r bg-background px-3 text-sm font-medium"
            style={{ width: LABEL_WIDTH }}
          >
            Tela
          </div>
          {cols.map((c) => (
            <div
              key={days[c]}
              role="columnheader"
              aria-colindex={c + 2}
              className="absolute top-0 grid h-full place-content-center text-center text-xs leading-tight"
              style={{ left: LABEL_WIDTH + c * COL_WIDTH, width: COL_WIDTH }}
            >
              <span className="text-muted-foreground">{weekdayText(days[c])}</span>
              <span className="font-medium tabular-nums">{dayText(days[c]).slice(0, 5)}</span>
            </div>
          ))}
        </div>
        {rows.map((r) => (
          <GridRow
            key={screens[r].displayId}
            screen={screens[r]}
            row={r}
            days={days}
            firstCol={view.firstCol}
            lastCol={view.lastCol}
            width={width}
            // Rows of other screens do not change with the selection: they are not drawn again.
            selection={selection?.displayId === screens[r].displayId ? selection : null}
            onDayClick={onDayClick}
            showZone={showZones}
          />
        ))}
      </div>
    </div>
  )
}

type RowProps = Pick<Props, 'days' | 'selection' | 'onDayClick'> & {
  screen: AdMapScreen
  row: number
  firstCol: number
  lastCol: number
  width: number
  showZone: boolean
}

// Rows and cells are memoised: scrolling draws only the rows and columns that come into view.
const GridRow = React.memo(function GridRow({ screen, row, days, firstCol, lastCol, width, selection, onDayClick, showZone }: RowProps) {
  const place = [screen.storeName, showZone ? zoneLabel(screen.timeZone) : ''].filter(Boolean).join(' · ')
  const cells: React.ReactNode[] = []
  for (let c = firstCol; c <= lastCol; c++) {
    cells.push(<DayCell key={days[c]} screen={screen} day={days[c]} col={c} selection={selection} onDayClick={onDayClick} />)
  }
  return (
    <div role="row" aria-rowindex={row + 2} className="absolute left-0 border-b" style={{ top: HEADER_HEIGHT + row * ROW_HEIGHT, width, height: ROW_HEIGHT }}>
      <div
        role="rowheader"
        aria-colindex={1}
        className="sticky left-0 z-10 flex h-full min-w-0 flex-col justify-center border-r bg-background px-3 leading-tight"
        style={{ width: LABEL_WIDTH }}
        title={place ? `${screen.name} · ${place}` : screen.name}
      >
        {/* Two stores may each have a 'Caixa 1': the store tells them apart. */}
        <span className="truncate text-sm">{screen.name}</span>
        {place && <span className="truncate text-xs text-muted-foreground">{place}</span>}
      </div>
      {cells}
    </div>
  )
})

const DayCell = React.memo(function DayCell({
  screen,
  day,
  col,
  selection,
  onDayClick,
}: {
  screen: AdMapScreen
  day: string
  col: number
  selection: AdSelection
  onDayClick: Props['onDayClick']
}) {
  const available = isDayAvailable(screen.dayMap?.[day])
  const part = selectionPart(selection, screen.displayId, day)
  const text = available ? 'Disponível' : 'Indisponível'
  return (
    <div role="gridcell" aria-colindex={col + 2} className="absolute top-0 h-full p-1" style={{ left: LABEL_WIDTH + col * COL_WIDTH, width: COL_WIDTH }}>
      <button
        type="button"
        disabled={!available}
        aria-pressed={part !== null}
        aria-label={`${screen.name}, ${screen.storeName ? `${screen.storeName}, ` : ''}${weekdayText(day)} ${dayText(day)}: ${text}`}
        data-day={day}
        data-part={part ?? undefined}
        onClick={() => onDayClick(screen, day, available)}
        className={cn(
          'size-full rounded text-[11px] font-medium focus-visible:outline-2 focus-visible:outline-ring',
          available
            ? 'bg-emerald-50 text-emerald-800 hover:bg-emerald-100 dark:bg-emerald-950/50 dark:text-emerald-200'
            : 'cursor-not-allowed bg-muted text-muted-foreground line-through',
          (part === 'start' || part === 'end') && 'bg-primary text-primary-foreground hover:bg-primary/90 dark:bg-primary dark:text-primary-foreground',
          part === 'between' && 'bg-primary/25 text-foreground hover:bg-primary/30 dark:bg-primary/30 dark:text-foreground',
        )}
      >
        {text}
      </button>
    </div>
  )
})
