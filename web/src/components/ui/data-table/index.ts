import './types'

export { DataTable, facetedFilter, selectColumn, type DataTableProps } from './data-table'
export { DataTableColumnHeader } from './data-table-column-header'
export { DataTableFacetedFilter } from './data-table-faceted-filter'
export { DataTablePagination } from './data-table-pagination'
export { DataTableToolbar } from './data-table-toolbar'
export { DataTableViewOptions } from './data-table-view-options'
export { PAGE_SIZES, type DataTableFilter } from './types'
