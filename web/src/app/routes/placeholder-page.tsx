import { PageHeader } from '@/components/page-header'

/** Stands in for a screen that is not built yet. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="grid gap-6">
      <PageHeader title={title} />
      <p className="text-muted-foreground">Esta tela estará disponível em breve.</p>
    </div>
  )
}
