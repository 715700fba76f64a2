import { BellRing, CalendarPlus, ClipboardCheck, History, CalendarRange, ImagePlus, Images, KeyRound, LayoutDashboard, List, LogIn, Megaphone, MonitorPlay, Siren, Store, UserPlus, Users } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { NavLink, useLocation } from 'react-router'
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from '@/components/ui/sidebar'
import { useFollowAdsCenterPermission } from '@/features/ads-center'
import { mayApproveContent } from '@/features/approvals'
import { mayManageTeam } from '@/features/team'
import { useSession } from '@/lib/session'

type NavItem = { title: string; to: string; icon: LucideIcon }

function NavSection({ label, items }: { label: string; items: NavItem[] }) {
  const { pathname } = useLocation()
  const { isMobile, setOpenMobile } = useSidebar()
  return (
    <SidebarGroup>
      <SidebarGroupLabel>{label}</SidebarGroupLabel>
      <SidebarGroupContent>
        <SidebarMenu>
          {items.map((item) => (
            <SidebarMenuItem key={item.to}>
              <SidebarMenuButton asChild isActive={pathname === item.to || pathname.startsWith(`${item.to}/`)} tooltip={item.title}>
                <NavLink to={item.to} onClick={() => isMobile && setOpenMobile(false)}>
                  <item.icon aria-hidden="true" />
                  <span>{item.title}</span>
                </NavLink>
              </SidebarMenuButton>
            </SidebarMenuItem>
          ))}
        </SidebarMenu>
      </SidebarGroupContent>
    </SidebarGroup>
  )
}

export function AppSidebar() {
  const { pathname } = useLocation()
  const { user, hasAdminToken, abilities, franchise } = useSession()
  // 'CENTRAL DE ANÚNCIOS' comes and goes as an administrator grants or revokes the permission.
  useFollowAdsCenterPermission(!!user)

  const main: NavItem[] = [{ title: 'VISÃO GERAL', to: '/dashboard', icon: LayoutDashboard }]
  // A store manager sees the store and its TVs only (docs/roles.md).
  if (abilities.readLibrary) {
    main.push({ title: 'PROGRAMAÇÕES', to: '/schedule', icon: CalendarRange }, { title: 'MINHAS MÍDIAS', to: '/medias', icon: Images })
  }
  // Every role: a store manager reads the store's local content.
  main.push({ title: 'CONTEÚDO LOCAL', to: '/local', icon: Store })
  if (mayApproveContent(user, franchise?.slug)) main.push({ title: 'APROVAÇÕES', to: '/approvals', icon: ClipboardCheck })
  main.push({ title: 'ALERTAS', to: '/alerts', icon: BellRing })
  if (user?.canUseAdsCenter && abilities.adsCenter) main.push({ title: 'CENTRAL DE ANÚNCIOS', to: '/ads-center', icon: Megaphone })
  if (user?.canOverride && abilities.override) main.push({ title: 'MENSAGEM DE EMERGÊNCIA', to: '/override', icon: Siren })
  if (mayManageTeam(user, franchise?.slug)) {
    main.push(
      { title: 'EQUIPE', to: '/team', icon: Users },
      { title: 'LOGIN ÚNICO', to: '/sso', icon: LogIn },
      { title: 'INTEGRAÇÕES', to: '/integrations', icon: KeyRound },
    )
  }
  if (abilities.activity) main.push({ title: 'ATIVIDADE', to: '/activity', icon: History })

  return (
    <Sidebar collapsible="icon" aria-label="Menu principal">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip="Vitrine">
              <NavLink to="/dashboard">
                <span className="flex aspect-square size-8 items-center justify-center rounded-lg bg-sidebar-primary text-sidebar-primary-foreground">
                  <MonitorPlay className="size-4" aria-hidden="true" />
                </span>
                <span className="grid flex-1 text-left leading-tight">
                  <span className="truncate font-semibold">Vitrine</span>
                  <span className="truncate text-xs text-muted-foreground">Gestão de telas</span>
                </span>
              </NavLink>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        {hasAdminToken && (
          <NavSection
            label="Administração"
            items={[
              { title: 'NOVO USUÁRIO', to: '/user/new', icon: UserPlus },
              { title: 'LISTA DE USUÁRIOS', to: '/user/list', icon: List },
              { title: 'ATIVIDADE DOS GRUPOS', to: '/admin/activity', icon: History },
            ]}
          />
        )}
        <NavSection label="Menu" items={main} />
        {pathname.startsWith('/action/') && abilities.editLibrary && (
          <NavSection
            label="Ações Guiadas"
            items={[
              { title: 'CRIAR PROGRAMAÇÃO', to: '/action/create-schedule', icon: CalendarPlus },
              { title: 'ADICIONAR MÍDIA À PROGRAMAÇÃO', to: '/action/add-media-to-schedule', icon: ImagePlus },
            ]}
          />
        )}
      </SidebarContent>
      <SidebarRail />
    </Sidebar>
  )
}
