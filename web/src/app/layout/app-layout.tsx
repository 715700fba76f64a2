import * as React from 'react'
import { Outlet } from 'react-router'
import { Separator } from '@/components/ui/separator'
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar'
import { NotificationsPopover } from '@/features/notifications'
import { useFranchiseEvents } from '@/lib/events'
import { useSession } from '@/lib/session'
import { PageSkeleton } from '../routes/page-skeleton'
import { AppSidebar } from './app-sidebar'
import { ImpersonationExit } from './impersonation-exit'
import { ThemeMenu } from './theme-menu'
import { UserMenu } from './user-menu'

export function AppLayout() {
  const { franchise } = useSession()
  // One stream per signed-in tab: the lists follow the franchise as it changes.
  useFranchiseEvents(franchise?.slug)
  return (
    <SidebarProvider>
      <AppSidebar />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur">
          <SidebarTrigger className="-ml-1" />
          <Separator orientation="vertical" className="mr-2 h-4!" />
          <ImpersonationExit />
          <div className="ml-auto flex items-center gap-1">
            <NotificationsPopover />
            <ThemeMenu />
            <UserMenu />
          </div>
        </header>
        {/* Its own stacking context: whatever a page lifts (a table's sticky
            column, a calendar's sticky header) stays under the sticky header. */}
        <main className="isolate flex flex-1 flex-col p-4 md:p-6">
          <React.Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </React.Suspense>
        </main>
      </SidebarInset>
    </SidebarProvider>
  )
}
