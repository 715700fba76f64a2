import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { ApprovalList } from './types'

export const approvalKeys = {
  list: (franchise: string) => ['approvals', franchise] as const,
}

/** One page of what waits, oldest first; `after` is the cursor of the page before. */
export function getApprovals(franchise: string, after?: string, signal?: AbortSignal) {
  const query = after ? `?${new URLSearchParams({ after })}` : ''
  return api.get<ApprovalList>(`/approvals/${encodeURIComponent(franchise)}${query}`, { signal })
}

export function approvalsQueryOptions(franchise: string) {
  return infiniteQueryOptions({
    queryKey: approvalKeys.list(franchise),
    queryFn: ({ pageParam, signal }) => getApprovals(franchise, pageParam || undefined, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next || undefined,
    meta: { errorToast: { fallback: 'Ocorreu um erro ao carregar as aprovações.' } },
  })
}

export function useApprovals(franchise: string | undefined, enabled = true) {
  return useInfiniteQuery({ ...approvalsQueryOptions(franchise ?? ''), enabled: !!franchise && enabled })
}
