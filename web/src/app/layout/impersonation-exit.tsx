import { Undo2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useSession, useStopImpersonation } from '@/lib/session'

/**
 * While an administrator acts as another user, the header says whose
 * console this is and offers the way back to the administrator's own
 * ('Voltar para minha conta': the impersonation session ends, the
 * administrator's goes on). On a phone only the button's icon shows.
 */
export function ImpersonationExit() {
  const { user, isImpersonating } = useSession()
  const stop = useStopImpersonation()
  if (!isImpersonating) return null
  const who = user?.name || user?.email || 'Usuário'
  return (
    <div
      role="status"
      className="flex min-w-0 items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-0.5 text-amber-950 md:pl-3 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <span className="hidden min-w-0 truncate text-xs md:inline">
        Acessando como <strong className="font-semibold">{who}</strong>
      </span>
      <Button
        size="sm"
        variant="outline"
        className="h-7 shrink-0 px-2"
        aria-label="Voltar para minha conta"
        title="Voltar para minha conta"
        disabled={stop.isPending}
        onClick={() => stop.mutate()}
      >
        <Undo2 aria-hidden="true" />
        <span className="hidden sm:inline">Voltar para minha conta</span>
      </Button>
    </div>
  )
}
