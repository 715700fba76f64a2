import * as React from 'react'
import { Check, Loader2, X } from 'lucide-react'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Skeleton } from '@/components/ui/skeleton'
import { datesText } from '@/features/local'
import { toast } from '@/hooks/use-toast'
import { formatDateTime } from '@/lib/format'
import { DEFAULT_TIME_ZONE } from '@/lib/playback'
import { useSession } from '@/lib/session'
import { useDecideApprovals } from '../api/decide-approvals'
import { useApprovals } from '../api/get-approvals'
import type { Approval } from '../api/types'
import { mayApproveContent } from '../permissions'
import { RejectDialog } from './reject-dialog'
import { TvPreview } from './tv-preview'

export const EMPTY_TEXT = 'Nada aguardando aprovação.'

/** 'N itens aguardando aprovação', the count the header shows. */
export function waitingText(total: number) {
  return total === 1 ? '1 item aguardando aprovação' : `${total} itens aguardando aprovação`
}

/** The toast of a decision; items decided elsewhere meanwhile are said apart. */
function decidedToast(decision: 'approve' | 'reject', asked: number, decided: number) {
  const approve = decision === 'approve'
  const title =
    decided === 1 ? (approve ? 'Item aprovado' : 'Item recusado') : `${decided} itens ${approve ? 'aprovados' : 'recusados'}`
  const parts = [approve ? 'As TVs das lojas passam a exibir o que foi aprovado na hora.' : 'As lojas recebem o motivo e podem reenviar.']
  const gone = asked - decided
  if (gone > 0) parts.push(gone === 1 ? '1 item já não aguardava (decidido ou removido por outra pessoa).' : `${gone} itens já não aguardavam (decididos ou removidos por outra pessoa).`)
  toast({ title, description: parts.join(' ') })
}

function ApprovalCard({
  approval,
  selected,
  onSelect,
  onApprove,
  onReject,
  busy,
  timeZone,
  moment,
}: {
  approval: Approval
  selected: boolean
  onSelect: (on: boolean) => void
  onApprove: () => void
  onReject: () => void
  busy: boolean
  timeZone: string
  moment: number
}) {
  const { draft, live, store } = approval
  const titleId = `approval-${approval.id}`
  const name = draft.media.name
  const preview = { orientation: approval.contentOrientation, bar: approval.bottomBar, store: store.slug, timeZone, moment }
  return (
    <li>
      <article aria-labelledby={titleId} className="grid gap-4 rounded-lg border bg-card p-4 text-card-foreground">
        <div className="flex flex-wrap items-start gap-3">
          <Checkbox checked={selected} onCheckedChange={(on) => onSelect(on === true)} aria-label={`Selecionar ${name} de ${store.name}`} className="mt-1" />
          <div className="grid min-w-0 flex-1 gap-1">
            <h3 id={titleId} className="font-semibold [overflow-wrap:anywhere]">
              {store.name}: {name}
            </h3>
            <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
              {approval.scheduleName} › {approval.spaceName} · {approval.localTime} s por item · {live ? 'Alteração de um item aprovado' : 'Item novo'}
            </p>
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-muted-foreground">Enviado por</dt>
              <dd className="[overflow-wrap:anywhere]">
                {approval.sentBy || 'Conta removida'}
                {approval.sentByEmail ? ` (${approval.sentByEmail})` : ''}
              </dd>
              <dt className="text-muted-foreground">Enviado em</dt>
              <dd>{formatDateTime(approval.sentAt)}</dd>
              <dt className="text-muted-foreground">Datas</dt>
              <dd>{datesText(draft, timeZone)}</dd>
            </dl>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={busy} onClick={onApprove} aria-label={`Aprovar ${name} de ${store.name}`}>
              <Check aria-hidden="true" />
              Aprovar
            </Button>
            <Button size="sm" variant="outline" disabled={busy} onClick={onReject} aria-label={`Recusar ${name} de ${store.name}`}>
              <X aria-hidden="true" />
              Recusar
            </Button>
          </div>
        </div>
        {live ? (
          <div className="grid gap-4 md:grid-cols-2">
            <div className="grid content-start gap-2">
              <h4 className="text-sm font-medium">Aprovado (passa enquanto isso)</h4>
              <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                {live.media.name} · {datesText(live, timeZone)}
              </p>
              <TvPreview version={live} label={`Prévia da versão aprovada de ${name}`} {...preview} />
            </div>
            <div className="grid content-start gap-2">
              <h4 className="text-sm font-medium">Nova versão</h4>
              <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                {draft.media.name} · {datesText(draft, timeZone)}
              </p>
              <TvPreview version={draft} label={`Prévia da nova versão de ${name}`} {...preview} />
            </div>
          </div>
        ) : (
          <div className="max-w-md">
            <TvPreview version={draft} label={`Prévia de ${name} na TV de ${store.name}`} {...preview} />
          </div>
        )}
      </article>
    </li>
  )
}

/**
 * Aprovações (/approvals): what the stores sent to the local spaces, oldest
 * first, each with a preview as it will look on the store's TV; approve or
 * refuse (with a reason) one or several at once.
 */
export function ApprovalsPage() {
  const { franchise, user } = useSession()
  const slug = franchise?.slug
  const timeZone = franchise?.timeZone || DEFAULT_TIME_ZONE
  const allowed = mayApproveContent(user, slug)
  const query = useApprovals(slug, allowed)
  const decide = useDecideApprovals(slug)
  const [chosen, setChosen] = React.useState<ReadonlySet<string>>(new Set())
  const [rejecting, setRejecting] = React.useState<string[]>([])
  // The footers' clock: the moment the page was drawn.
  const [moment] = React.useState(() => Date.now())

  const items = React.useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data])
  const total = query.data?.pages[0]?.total ?? 0
  // What is chosen among what is still listed.
  const selected = items.filter((item) => chosen.has(item.id)).map((item) => item.id)
  const all = items.length > 0 && selected.length === items.length

  const select = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  const approve = (ids: string[]) =>
    decide.mutate(
      { ids, decision: 'approve' },
      {
        onSuccess: (result) => {
          decidedToast('approve', ids.length, result.decided)
          setChosen(new Set())
        },
      },
    )

  const reject = (reason: string) => {
    const ids = rejecting
    decide.mutate(
      { ids, decision: 'reject', reason },
      {
        onSuccess: (result) => {
          decidedToast('reject', ids.length, result.decided)
          setRejecting([])
          setChosen(new Set())
        },
      },
    )
  }

  if (!allowed) {
    return (
      <div className="grid grid-cols-1 gap-6">
        <PageHeader title="Aprovações" />
        <p role="status" className="text-muted-foreground">
          Você não tem permissão para aprovar conteúdo neste grupo.
        </p>
      </div>
    )
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Aprovações"
        description={
          query.isSuccess ? (
            <span role="status">{total === 0 ? EMPTY_TEXT : `${waitingText(total)}, os mais antigos primeiro.`}</span>
          ) : (
            'O que as lojas enviaram para os espaços locais, os mais antigos primeiro.'
          )
        }
      />
      {query.isLoading ? (
        <Skeleton role="status" aria-label="Carregando as aprovações..." className="h-60 w-full" />
      ) : items.length === 0 ? (
        query.isSuccess && <p className="text-muted-foreground">{EMPTY_TEXT}</p>
      ) : (
        <>
          <div role="toolbar" aria-label="Decidir os selecionados" className="sticky top-14 z-[1] flex flex-wrap items-center gap-3 rounded-md border bg-background/95 p-2 backdrop-blur">
            <label className="flex items-center gap-2 text-sm font-medium">
              <Checkbox
                checked={all ? true : selected.length > 0 ? 'indeterminate' : false}
                onCheckedChange={() => setChosen(all ? new Set() : new Set(items.map((item) => item.id)))}
              />
              Selecionar todos
            </label>
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {selected.length === 1 ? '1 selecionado' : `${selected.length} selecionados`}
            </span>
            <span className="flex-1" />
            <Button disabled={selected.length === 0 || decide.isPending} onClick={() => approve(selected)}>
              {decide.isPending && rejecting.length === 0 ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
              Aprovar
            </Button>
            <Button variant="outline" disabled={selected.length === 0 || decide.isPending} onClick={() => setRejecting(selected)}>
              <X aria-hidden="true" />
              Recusar
            </Button>
          </div>
          <ul aria-label="Aguardando aprovação" className="grid gap-4">
            {items.map((item) => (
              <ApprovalCard
                key={item.id}
                approval={item}
                selected={chosen.has(item.id)}
                onSelect={(on) => select(item.id, on)}
                onApprove={() => approve([item.id])}
                onReject={() => setRejecting([item.id])}
                busy={decide.isPending}
                timeZone={timeZone}
                moment={moment}
              />
            ))}
          </ul>
          {query.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
                Carregar mais
              </Button>
            </div>
          )}
        </>
      )}
      <RejectDialog count={rejecting.length} pending={decide.isPending} onOpenChange={(open) => !open && setRejecting([])} onConfirm={reject} />
    </div>
  )
}
