import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'

/** Placeholder of the store cards while the stores and TVs load. */
export function StoreCardsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6" aria-busy="true" aria-label="Carregando lojas">
      {[0, 1].map((i) => (
        <Card key={i} className="gap-4 px-6">
          <div className="flex items-center justify-between gap-4">
            <div className="grid gap-2">
              <Skeleton className="h-6 w-48" />
              <Skeleton className="h-4 w-32" />
            </div>
            <div className="flex gap-2">
              <Skeleton className="h-8 w-32" />
              <Skeleton className="h-8 w-28" />
              <Skeleton className="h-8 w-40" />
            </div>
          </div>
          <Skeleton className="h-8 w-56" />
          <div className="grid gap-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        </Card>
      ))}
    </div>
  )
}
