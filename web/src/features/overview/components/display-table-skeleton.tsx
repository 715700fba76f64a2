import { Skeleton } from '@/components/ui/skeleton'

/** Rows of a placeholder at most: a store of fifty TVs does not need fifty grey bars. */
const MAX_ROWS = 5

/**
 * Placeholder of a store card's TV table while the franchise's TV list loads:
 * the cards come from the store list, which arrives long before the TV list
 * of a big group (50,000 TVs) has been read.
 */
export function DisplayTableSkeleton({ storeName, count }: { storeName: string; count: number }) {
  if (count === 0) return null
  return (
    <div className="grid gap-2" role="status" aria-busy="true" aria-label={`Carregando televisores de ${storeName}`}>
      <Skeleton className="h-8 w-56" />
      {Array.from({ length: Math.min(count, MAX_ROWS) }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  )
}
