import * as React from 'react'
import { Download } from 'lucide-react'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useDownloadActivity } from '../api/download-activity'
import { useActivity } from '../api/get-activity'
import { NO_FILTERS, type ActivityFilters as Filters, type ActivitySource } from '../api/types'
import { ActivityFilters, periodError } from './activity-filters'
import { ActivityRecords } from './activity-records'

const NONE: never[] = []

/**
 * 'Atividade' of one source: the filters, the records newest first with
 * 'Carregar mais', and 'Exportar CSV' of every record the filters select.
 * `choose` is drawn before the filters (the administrators' group selector).
 */
export function ActivityView({
  source,
  title,
  description,
  choose,
}: {
  source: ActivitySource | undefined
  title: string
  description?: React.ReactNode
  choose?: React.ReactNode
}) {
  const [filters, setFilters] = React.useState<Filters>(NO_FILTERS)
  // A period that ends before it starts is not asked for; the last good filters stay.
  const [applied, setApplied] = React.useState<Filters>(NO_FILTERS)
  const change = (next: Filters) => {
    setFilters(next)
    if (!periodError(next)) setApplied(next)
  }
  const activity = useActivity(source, applied)
  const download = useDownloadActivity()

  // The filters' choices come with the records (and stay, with them, while other filters load).
  const first = activity.data?.pages[0]
  const people = first?.people ?? NONE
  const stores = first?.stores ?? NONE

  const records = React.useMemo(() => activity.data?.pages.flatMap((p) => p.records) ?? [], [activity.data])
  const groupWide = source?.kind === 'group' || !!source?.franchise

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title={title}
        description={description}
        actions={
          <Button
            variant="outline"
            disabled={!source || download.isPending}
            onClick={() => source && download.mutate({ source, filters: applied })}
          >
            <Download aria-hidden="true" />
            {download.isPending ? 'Exportando...' : 'Exportar CSV'}
          </Button>
        }
      />
      {choose}
      <ActivityFilters value={filters} onChange={change} people={people} stores={groupWide ? stores : NONE} />
      <section aria-labelledby="activity-records-title" aria-busy={activity.isFetching} className="grid gap-3">
        <h2 id="activity-records-title" className="sr-only">
          Registros
        </h2>
        {activity.isLoading ? (
          <div className="grid gap-2" role="status" aria-label="Carregando a atividade...">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : records.length === 0 ? (
          <p role="status" className="text-muted-foreground">
            {activity.isError ? 'Não foi possível carregar a atividade.' : 'Nenhum registro encontrado.'}
          </p>
        ) : (
          <>
            <ActivityRecords records={records} groupWide={groupWide} />
            <div className="flex items-center justify-between gap-3">
              <p className="text-sm text-muted-foreground" role="status">
                {records.length === 1 ? '1 registro' : `${records.length.toLocaleString('pt-BR')} registros`}
                {activity.hasNextPage ? ' carregados' : ''}
              </p>
              {activity.hasNextPage && (
                <Button variant="outline" disabled={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
                  {activity.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
                </Button>
              )}
            </div>
          </>
        )}
      </section>
    </div>
  )
}
