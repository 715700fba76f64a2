import { cn } from '@/lib/utils'

/**
 * A name that may be long (a store, a TV, a schedule, a media, an ad): one
 * line cut with an ellipsis, the whole name on hover. In a table cell, give
 * the cell `max-w-0` and a width so the column shrinks instead of widening
 * the table.
 */
export function TruncatedText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={cn('block min-w-0 truncate', className)} title={text}>
      {text}
    </span>
  )
}
