import * as React from 'react'
import { MoreHorizontal, Pencil, Building2, UserRoundCog } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { useImpersonate } from '../api/impersonate'
import type { AdminUser } from '../types'
import { EditUserDialog } from './edit-user-dialog'
import { FranchiseDialog } from './franchise-dialog'

export function UserRowActions({ user }: { user: AdminUser }) {
  const [dialog, setDialog] = React.useState<'edit' | 'franchise' | null>(null)
  const impersonate = useImpersonate()
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Ações para ${user.email}`}>
            <MoreHorizontal />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setDialog('edit')}>
            <Pencil /> Editar
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => impersonate.mutate(user.email)}>
            <UserRoundCog /> Impersonate
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('franchise')}>
            <Building2 /> Add/Rem. Franquia
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <EditUserDialog user={user} open={dialog === 'edit'} onOpenChange={(open) => setDialog(open ? 'edit' : null)} />
      <FranchiseDialog user={user} open={dialog === 'franchise'} onOpenChange={(open) => setDialog(open ? 'franchise' : null)} />
    </>
  )
}
