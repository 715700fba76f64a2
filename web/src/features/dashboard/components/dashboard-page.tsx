import { PageHeader } from '@/components/page-header'
import { useSession } from '@/lib/session'

export function DashboardPage() {
  const { franchise } = useSession()
  return (
    <div className="grid gap-6">
      <PageHeader title="Visão Geral" description={franchise ? `Grupo ${franchise.name}` : undefined} />
    </div>
  )
}
