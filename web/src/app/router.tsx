import { createBrowserRouter, type RouteObject } from 'react-router'
import { NewUserPage, UserListPage } from '@/features/admin'
import { EditProfilePage } from '@/features/account'
import { LoginPage, NewPasswordPage, RecoverPasswordPage } from '@/features/auth'
import { OverviewPage } from '@/features/overview'
import { GroupsPage } from '@/features/groups'
import { MediaLibraryPage } from '@/features/medias'
import { AppLayout } from './layout/app-layout'
import { Root } from './root'
import { FallbackRedirect, PublicOnly, RequireAdminToken, RequireAdsCenter, RequireSession } from './routes/guards'
import { PlaceholderPage } from './routes/placeholder-page'

/** Every screen of the console, as in the product's route table. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { element: <PublicOnly />, children: [{ path: '/', element: <LoginPage /> }] },
      { path: '/reset/password', element: <RecoverPasswordPage /> },
      { path: '/reset/password/new', element: <NewPasswordPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', element: <OverviewPage /> },
              { path: '/groups', element: <GroupsPage /> },
              { path: '/profile/edit', element: <EditProfilePage /> },
              { path: '/schedule/*', element: <PlaceholderPage title="Programações" /> },
              { path: '/bottombar/:scheduleId', element: <PlaceholderPage title="Editar Rodapé" /> },
              { path: '/medias', element: <MediaLibraryPage /> },
              { path: '/action/create-schedule', element: <PlaceholderPage title="Criar Programação" /> },
              { path: '/action/add-media-to-schedule', element: <PlaceholderPage title="Adicionar Mídia à Programação" /> },
              {
                element: <RequireAdsCenter />,
                children: [{ path: '/ads-center/*', element: <PlaceholderPage title="Central de Anúncios" /> }],
              },
              {
                element: <RequireAdminToken />,
                children: [
                  { path: '/user/new', element: <NewUserPage /> },
                  { path: '/user/list', element: <UserListPage /> },
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

export function createRouter() {
  return createBrowserRouter(routes)
}
