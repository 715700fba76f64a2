import { Check, ChevronsUpDown, LogOut, Undo2, UserPen, UsersRound } from 'lucide-react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { LazyDropdownMenu } from '@/components/ui/lazy-dropdown-menu'
import { logout, useSession, useStopImpersonation } from '@/lib/session'

/** The user's menu: its button from the first draw, the menu's code on first use. */
export function UserMenu() {
  const navigate = useNavigate()
  const { user, franchise, franchises, selectFranchise, isImpersonating } = useSession()
  const stopImpersonation = useStopImpersonation()
  const label = user?.name || 'Usuário'

  return (
    <LazyDropdownMenu
      align="end"
      className="w-64"
      trigger={
        // The name holds every word the button shows (the initial is decoration).
        <Button variant="ghost" className="h-9 gap-2 px-2" aria-label={`Menu do usuário ${label}${franchise ? `, ${franchise.name}` : ''}`}>
          {/* The initial is drawn by CSS: a letter in the text would be a word the name lacks (WCAG 2.5.3). */}
          <span
            aria-hidden="true"
            data-initial={label.slice(0, 1)}
            className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold uppercase text-primary-foreground after:content-[attr(data-initial)]"
          />
          <span className="hidden max-w-40 flex-col items-start text-left leading-tight sm:flex">
            <span className="max-w-full truncate text-sm font-medium" title={label}>
              {label}
            </span>
            {/* A space between the two lines, for whoever reads the text (a flex column draws none). */}
            {franchise && ' '}
            {franchise && (
              <span className="max-w-full truncate text-xs text-muted-foreground" title={franchise.name}>
                {franchise.name}
              </span>
            )}
          </span>
          <ChevronsUpDown className="hidden opacity-50 sm:block" />
        </Button>
      }
    >
      {({ DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator }) => (
        <>
          <DropdownMenuLabel className="grid font-normal">
            <span className="truncate font-medium">{label}</span>
            {user?.email && <span className="truncate text-xs text-muted-foreground">{user.email}</span>}
            {isImpersonating && <span className="text-xs text-muted-foreground">Acessando como administrador</span>}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {franchises.length > 1 && (
            <>
              <DropdownMenuLabel className="text-xs text-muted-foreground">Franquias</DropdownMenuLabel>
              {franchises.map((item) => {
                const current = item.slug === franchise?.slug
                return (
                  <DropdownMenuItem
                    key={item.slug}
                    disabled={current}
                    aria-current={current ? 'true' : undefined}
                    onSelect={() => void selectFranchise(item.slug)}
                  >
                    <Check className={current ? 'opacity-100' : 'opacity-0'} aria-hidden="true" />
                    {item.name}
                  </DropdownMenuItem>
                )
              })}
              <DropdownMenuSeparator />
            </>
          )}
          <DropdownMenuItem onSelect={() => navigate('/groups')}>
            <UsersRound /> Criar/editar grupos
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate('/profile/edit')}>
            <UserPen /> Editar usuário
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {isImpersonating && (
            <DropdownMenuItem onSelect={() => stopImpersonation.mutate()}>
              <Undo2 /> Voltar para minha conta
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => void logout()}>
            <LogOut /> Sair
          </DropdownMenuItem>
        </>
      )}
    </LazyDropdownMenu>
  )
}
