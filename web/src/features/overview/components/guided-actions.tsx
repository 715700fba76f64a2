import { CalendarPlus, Images, ListPlus } from 'lucide-react'
import { Link } from 'react-router'

const guidedActions = [
  { to: '/action/create-schedule', label: 'Criar programação', hint: 'Monte uma programação passo a passo', icon: CalendarPlus },
  { to: '/action/add-media-to-schedule', label: 'Adicionar mídia à programação', hint: 'Inclua mídias numa programação existente', icon: ListPlus },
  { to: '/medias', label: 'Minhas mídias', hint: 'Envie e organize imagens e vídeos', icon: Images },
]

/** Shortcuts to the guided actions. */
export function GuidedActions() {
  return (
    <nav aria-label="Ações Guiadas" className="grid gap-2">
      <h2 className="text-sm font-semibold text-muted-foreground">Ações Guiadas</h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {guidedActions.map(({ to, label, hint, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full items-center gap-3 rounded-lg border bg-card px-4 py-3 text-sm shadow-xs transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
              <span className="grid">
                <span className="font-medium">{label}</span>
                <span className="text-xs text-muted-foreground">{hint}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
