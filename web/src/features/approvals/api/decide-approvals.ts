import { useMutation, useQueryClient } from '@tanstack/react-query'
import { localKeys } from '@/features/local'
import { api } from '@/lib/api-client'
import { approvalKeys } from './get-approvals'
import type { ApprovalDecision, ApprovalResult } from './types'

export function decideApprovals(franchise: string, decision: ApprovalDecision) {
  return api.post<ApprovalResult>(`/approvals/${encodeURIComponent(franchise)}`, decision)
}

/** 'Aprovar' or 'Recusar' (with its reason) the items chosen. */
export function useDecideApprovals(franchise: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (decision: ApprovalDecision) => decideApprovals(franchise ?? '', decision),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalKeys.list(franchise ?? '') }),
        // The stores' pages show each item's new state.
        queryClient.invalidateQueries({ queryKey: localKeys.all(franchise ?? '') }),
      ]),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao registrar a decisão.' } },
  })
}
