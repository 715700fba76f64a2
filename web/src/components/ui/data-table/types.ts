import type { RowData } from '@tanstack/react-table'

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Human name of the column, used by the 'Visualizar' menu and the filters. */
    label?: string
    /**
     * The column holds a long name (a store, a TV, a schedule, an ad, a group):
     * it takes the width the other columns leave and cuts its text with an
     * ellipsis, the whole text on hover (its string value, or `title`).
     */
    truncate?: boolean
    /** The hover text of a truncated cell when its value is not the text shown. */
    title?: (row: TData) => string
  }
}

export type DataTableTextFilter = {
  type: 'text'
  columnId: string
  placeholder: string
}

export type DataTableFacetedFilter = {
  type: 'faceted'
  columnId: string
  title: string
  options: { label: string; value: string }[]
}

export type DataTableFilter = DataTableTextFilter | DataTableFacetedFilter

export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const
