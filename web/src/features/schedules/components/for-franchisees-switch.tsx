import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/hooks/use-toast'
import { useSetForFranchisees } from '../api/update-schedule'

type Props = { franchise: string; id: string; value: boolean }

/**
 * 'Disponível para franqueados': the network lets franchisees link their
 * TVs to this schedule (docs/roles.md). TVs already linked stay when it is
 * turned off.
 */
export function ForFranchiseesSwitch({ franchise, id, value }: Props) {
  const save = useSetForFranchisees()
  return (
    <div className="flex items-start gap-3 rounded-lg border p-4">
      <Switch
        id="schedule-for-franchisees"
        checked={value}
        disabled={save.isPending}
        aria-describedby="schedule-for-franchisees-hint"
        onCheckedChange={(on) =>
          save.mutate(
            { franchise, id, forFranchisees: on },
            {
              onSuccess: () =>
                toast({
                  title: on ? 'Disponível para franqueados' : 'Só a rede vincula esta programação',
                  description: on ? 'Os franqueados já podem vincular os televisores deles a esta programação.' : 'Os televisores já vinculados continuam com ela.',
                }),
            },
          )
        }
      />
      <div className="grid gap-1">
        <Label htmlFor="schedule-for-franchisees">Disponível para franqueados</Label>
        <p id="schedule-for-franchisees-hint" className="text-sm text-muted-foreground">
          Os franqueados podem vincular os televisores das lojas deles a esta programação.
        </p>
      </div>
    </div>
  )
}
