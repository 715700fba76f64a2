import { ArrowLeft } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { useSession } from '@/lib/session'
import { useAd } from '../api/get-ad'
import { AD_GUARDS } from '../messages'

/**
 * /ads-center/{id}/media (add) and /ads-center/{id}/media/{mediaId}/{index}
 * (edit). The form is the schedules' add/edit media form (spec 2 §2 'Add
 * media to an advertisement'), which that feature does not offer to others
 * yet; until it does, this page only leads back to the advertisement.
 */
export function AdMediaPage() {
  const { id = '' } = useParams()
  const { franchise } = useSession()
  const ad = useAd(franchise?.slug, id)
  const back = `/ads-center/${encodeURIComponent(id)}`
  return (
    <div className="grid max-w-3xl grid-cols-1 gap-6">
      <PageHeader
        title={ad.data ? `Editando Anúncio > ${ad.data.name}` : 'Editando Anúncio'}
        actions={
          <Button asChild variant="outline">
            <Link to={back}>
              <ArrowLeft /> Voltar
            </Link>
          </Button>
        }
      />
      <Card>
        <CardContent className="pt-6 text-muted-foreground">
          {ad.isError ? AD_GUARDS.notFound : 'Esta tela estará disponível em breve.'}
        </CardContent>
      </Card>
    </div>
  )
}
