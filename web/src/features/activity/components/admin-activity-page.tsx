import * as React from 'react'
import { useAllFranchises } from '@/features/admin'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { compareNames } from '@/lib/name-order'
import { ActivityView } from './activity-view'

const PLATFORM = 'platform'

/** Atividade in Administração (/admin/activity): any group's changes, or the platform's sign-ins. */
export function AdminActivityPage() {
  const franchises = useAllFranchises()
  const [group, setGroup] = React.useState(PLATFORM)
  const groups = React.useMemo(() => [...(franchises.data ?? [])].sort((a, b) => compareNames(a.name, b.name)), [franchises.data])
  const slug = group === PLATFORM ? '' : group
  return (
    <ActivityView
      key={group}
      source={{ kind: 'admin', franchise: slug }}
      title="Atividade"
      description="O que mudou em qualquer grupo, ou os acessos à plataforma: quem mudou, quando, e os valores antes e depois."
      choose={
        <div className="grid gap-1.5">
          <Label htmlFor="activity-group">Grupo</Label>
          <Select value={group} onValueChange={setGroup}>
            <SelectTrigger id="activity-group" className="w-72">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={PLATFORM}>Plataforma (acessos e contas)</SelectItem>
              {groups.map((f) => (
                <SelectItem key={f.slug} value={f.slug}>
                  {f.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      }
    />
  )
}
