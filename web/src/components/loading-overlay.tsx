import { Loader2 } from 'lucide-react'

/** Full-screen cover shown while the app loads or reloads its data. */
export function LoadingOverlay() {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Carregando o sistema"
      className="fixed inset-0 z-[90] flex flex-col items-center justify-center gap-3 bg-background/80 backdrop-blur-sm"
    >
      <Loader2 className="size-8 animate-spin text-muted-foreground" aria-hidden="true" />
      <p className="text-lg font-semibold">Carregando o sistema</p>
      <p className="text-sm text-muted-foreground">Carregando...</p>
    </div>
  )
}
