import { Skeleton } from '@/components/ui/skeleton'

/** Stands in for a page while its code loads (each page is its own chunk). */
export function PageSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-busy="true" aria-label="Carregando...">
      <div className="grid gap-2">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  )
}
