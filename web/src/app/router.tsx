import type * as React from 'react'
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router'
import { Root } from './root'
import { FallbackRedirect, PublicOnly, RequireAdminToken, RequireAdsCenter, RequireLibrary, RequireLibraryEditing, RequireSession } from './routes/guards'
import { lazyPage, type LazyPage } from './routes/lazy-page'

// The first load holds only what every page needs (router, session, toasts).
// The sign-in and recovery pages with their form libraries (zod,
// react-hook-form) are one chunk, which startEarlyCalls fetches at once for a
// tab without a session, so a signed-in tab never parses them before its
// screen. The layout behind the login (sidebar, header, menus) and each page
// are chunks of their own, fetched on their first visit: the loading overlay
// covers the layout's and the sign-in pages', a skeleton in the layout each
// page's.
const authPages = () => import('@/features/auth')
const LoginPage = lazyPage(authPages, (m) => m.LoginPage)
const RecoverPasswordPage = lazyPage(authPages, (m) => m.RecoverPasswordPage)
const NewPasswordPage = lazyPage(authPages, (m) => m.NewPasswordPage)
const AppLayout = lazyPage(() => import('./layout/app-layout'), (m) => m.AppLayout)
const OverviewPage = lazyPage(() => import('@/features/overview'), (m) => m.OverviewPage)
// The list screens of a big franchise (Minhas Mídias, Programações, the ads
// list and calendar) are each a chunk of their own, imported directly: the
// features' indexes hold what other screens borrow (dialogs, pickers), which
// these lists do not need to draw their first rows.
const MediaLibraryPage = lazyPage(() => import('@/features/medias/library-page'), (m) => m.MediaLibraryPage)
const GroupsPage = lazyPage(() => import('@/features/groups'), (m) => m.GroupsPage)
const AlertsPage = lazyPage(() => import('@/features/alerts'), (m) => m.AlertsPage)
const OverridePage = lazyPage(() => import('@/features/override'), (m) => m.OverridePage)
const TeamPage = lazyPage(() => import('@/features/team/team-page'), (m) => m.TeamPage)
const SSOPage = lazyPage(() => import('@/features/team/sso-page'), (m) => m.SSOPage)
const IntegrationsPage = lazyPage(() => import('@/features/integrations/integrations-page'), (m) => m.IntegrationsPage)
const LocalPage = lazyPage(() => import('@/features/local/local-page'), (m) => m.LocalPage)
const ApprovalsPage = lazyPage(() => import('@/features/approvals/approvals-page'), (m) => m.ApprovalsPage)
const ActivityPage = lazyPage(() => import('@/features/activity/activity-page'), (m) => m.ActivityPage)
const AdminActivityPage = lazyPage(() => import('@/features/activity/admin-activity-page'), (m) => m.AdminActivityPage)
const InvitationPage = lazyPage(() => import('@/features/team/invitation-page'), (m) => m.InvitationPage)
const EditProfilePage = lazyPage(() => import('@/features/account'), (m) => m.EditProfilePage)
const NewUserPage = lazyPage(() => import('@/features/admin'), (m) => m.NewUserPage)
const UserListPage = lazyPage(() => import('@/features/admin'), (m) => m.UserListPage)
const schedulePages = () => import('@/features/schedules').then((m) => m.loadSchedulePages())
const SchedulesPage = lazyPage(() => import('@/features/schedules/list-page'), (m) => m.SchedulesPage)
const ScheduleDetailPage = lazyPage(schedulePages, (m) => m.ScheduleDetailPage)
const adsCenterPages = () => import('@/features/ads-center').then((m) => m.loadAdsCenterPages())
const AdsListPage = lazyPage(() => import('@/features/ads-center/list-page'), (m) => m.AdsListPage)
const NewAdPage = lazyPage(() => import('@/features/ads-center/calendar-page'), (m) => m.NewAdPage)
const AdEditorPage = lazyPage(adsCenterPages, (m) => m.AdEditorPage)
const AdMediaPage = lazyPage(adsCenterPages, (m) => m.AdMediaPage)

/** Every page of the console, as in the product's route table. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { element: <PublicOnly />, children: [{ path: '/', element: <LoginPage /> }] },
      { path: '/reset/password', element: <RecoverPasswordPage /> },
      { path: '/reset/password/new', element: <NewPasswordPage /> },
      { path: '/convite', element: <InvitationPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', element: <OverviewPage /> },
              { path: '/alerts', element: <AlertsPage /> },
              { path: '/override', element: <OverridePage /> },
              { path: '/groups', element: <GroupsPage /> },
              { path: '/team', element: <TeamPage /> },
              { path: '/sso', element: <SSOPage /> },
              // For the team's managers, as /team; the page says when the member is not one.
              { path: '/integrations', element: <IntegrationsPage /> },
              // Every role: a store manager reads it; the page says who changes it.
              { path: '/local', element: <LocalPage /> },
              // The page itself says when the member does not approve content (as /team).
              { path: '/approvals', element: <ApprovalsPage /> },
              { path: '/activity', element: <ActivityPage /> },
              { path: '/profile/edit', element: <EditProfilePage /> },
              {
                // Read by the network and franchisees, changed by the network (docs/roles.md).
                element: <RequireLibrary />,
                children: [
                  { path: '/schedule', element: <SchedulesPage /> },
                  { path: '/schedule/:scheduleId', element: <ScheduleDetailPage /> },
                  { path: '/medias', element: <MediaLibraryPage /> },
                ],
              },
              {
                element: <RequireLibraryEditing />,
                children: [
                  { path: '/schedule/:scheduleId/*', Component: lazyPage(schedulePages, (m) => m.ScheduleMediaPage) },
                  { path: '/bottombar/:scheduleId', Component: lazyPage(schedulePages, (m) => m.FooterEditorPage) },
                  { path: '/action/create-schedule', Component: lazyPage(schedulePages, (m) => m.CreateScheduleActionPage) },
                  { path: '/action/add-media-to-schedule', Component: lazyPage(schedulePages, (m) => m.AddMediaActionPage) },
                ],
              },
              {
                element: <RequireAdsCenter />,
                children: [
                  { path: '/ads-center', element: <AdsListPage /> },
                  { path: '/ads-center/new', element: <NewAdPage /> },
                  { path: '/ads-center/:id', element: <AdEditorPage /> },
                  { path: '/ads-center/:id/*', element: <AdMediaPage /> },
                ],
              },
              {
                element: <RequireAdminToken />,
                children: [
                  { path: '/user/new', element: <NewUserPage /> },
                  { path: '/user/list', element: <UserListPage /> },
                  { path: '/admin/activity', element: <AdminActivityPage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <FallbackRedirect /> },
    ],
  },
]

/**
 * Starts fetching the chunks of the page at `pathname` (the layout and the
 * page), so that a first load gets them together with the session check.
 * Resolves once they are here (or could not be fetched).
 */
export function preloadRoute(pathname: string): Promise<void> {
  const loads: Promise<void>[] = []
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const type = route.Component ?? (route.element as React.ReactElement | undefined)?.type
    if (type && typeof type === 'object' && 'preload' in type) loads.push((type as LazyPage).preload())
  }
  return Promise.all(loads).then(() => {})
}

export function createRouter() {
  return createBrowserRouter(routes)
}
