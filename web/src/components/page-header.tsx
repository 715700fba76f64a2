import * as React from 'react'

/**
 * A page's title, description and actions. A title holding a long name
 * (a schedule, an ad) stays on one line, cut with an ellipsis, the whole title
 * on hover; the actions go below it when they do not fit beside it.
 */
export function PageHeader({ title, description, actions }: { title: string; description?: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="grid min-w-[min(100%,20rem)] flex-1 gap-1">
        <h1 className="truncate text-2xl font-bold tracking-tight" title={title}>
          {title}
        </h1>
        {description && <p className="min-w-0 text-muted-foreground [overflow-wrap:anywhere]">{description}</p>}
      </div>
      {actions && <div className="flex max-w-full flex-wrap items-center gap-2">{actions}</div>}
    </div>
  )
}
