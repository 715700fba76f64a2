import { useAbilities, useSession } from '@/lib/session'
import { ActivityView } from './activity-view'

/** Atividade (/activity): the group's changes, for the network (all) and franchisees (their stores'). */
export function ActivityPage() {
  const { franchise } = useSession()
  const abilities = useAbilities()
  if (!abilities.activity) {
    return (
      <div className="grid grid-cols-1 gap-6">
        <h1 className="text-2xl font-bold tracking-tight">Atividade</h1>
        <p role="status" className="text-muted-foreground">
          Você não tem permissão para ver a atividade deste grupo.
        </p>
      </div>
    )
  }
  const description = franchise
    ? abilities.wholeGroup
      ? `O que mudou no grupo ${franchise.name}: quem mudou, quando, e os valores antes e depois.`
      : `O que mudou nas suas lojas do grupo ${franchise.name}: quem mudou, quando, e os valores antes e depois.`
    : undefined
  return (
    <ActivityView
      key={franchise?.slug}
      source={franchise ? { kind: 'group', franchise: franchise.slug } : undefined}
      title="Atividade"
      description={description}
    />
  )
}
