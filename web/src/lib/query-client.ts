import { MutationCache, QueryCache, QueryClient, type Mutation, type Query } from '@tanstack/react-query'
import { errorToast, ERROR_TITLE } from '@/hooks/use-toast'
import { errorText, isApiError, isServerError, type ApiError } from './api-client'
import { SESSION_EXPIRED, unknownErrorMessage } from './errors'
import { navigateTo } from './navigation'
import { queryRoots } from './query-keys'
import { clearSession } from './storage'

/**
 * How a failed query or mutation tells the user. `false` keeps it silent.
 * `fallback` is shown when the failure carries no message of its own;
 * `serverTitle` replaces the title when the server refused the request.
 */
export type ErrorToastMeta = { fallback?: string; serverTitle?: string } | false

type AppMeta = { errorToast?: ErrorToastMeta }

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError
    queryMeta: AppMeta
    mutationMeta: AppMeta
  }
}

function sessionEnded(error: unknown) {
  if (!isApiError(error)) return false
  return error.apiCode === SESSION_EXPIRED || (error.statusCode === 401 && error.apiCode === null)
}

function handleError(error: unknown, meta: AppMeta | undefined, client: () => QueryClient) {
  if (sessionEnded(error)) {
    clearSession()
    client().removeQueries({ queryKey: [queryRoots.user] })
    errorToast(isApiError(error) ? error.msg : unknownErrorMessage)
    if (window.location.pathname !== '/') navigateTo('/', { replace: true })
    return
  }
  if (isApiError(error) && error.apiCode === 'cancelled') return
  const spec = meta?.errorToast
  if (spec === false) return
  const title = spec?.serverTitle && isApiError(error) && isServerError(error) ? spec.serverTitle : ERROR_TITLE
  errorToast(errorText(error, spec?.fallback ?? unknownErrorMessage), title)
}

export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query: Query<unknown, unknown, unknown>) => handleError(error, query.meta, () => client),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation: Mutation<unknown, unknown, unknown, unknown>) =>
        handleError(error, mutation.meta, () => client),
    }),
    defaultOptions: {
      queries: {
        refetchOnMount: false,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 2 && isApiError(error) && (error.statusCode === 0 || error.statusCode >= 500) && error.apiCode !== 'cancelled',
        staleTime: 60_000,
      },
      mutations: { retry: false },
    },
  })
  return client
}

export const queryClient = createQueryClient()
