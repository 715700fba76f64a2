import { TriangleAlert } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import type { HealthProblem } from '../api/types'
import { problemsName } from '../health'

/** A warning on a TV whose player's latest report shows something wrong; nothing otherwise. */
export function HealthBadge({ problems }: { problems: HealthProblem[] | undefined }) {
  if (!problems || problems.length === 0) return null
  const name = problemsName(problems.map((p) => p.label))
  return (
    <Badge
      variant="outline"
      role="img"
      aria-label={name}
      title={name}
      className="gap-1 border-amber-600/40 bg-amber-500/10 text-amber-800 dark:text-amber-300"
    >
      <TriangleAlert className="size-3" aria-hidden="true" />
      {problems.length}
    </Badge>
  )
}
