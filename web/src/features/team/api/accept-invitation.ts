import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { AcceptedInvitation, AcceptInvitationInput } from './types'

/** An account accepts with its session (signedIn); a new person sends name and password without one. */
export function acceptInvitation(code: string, input: AcceptInvitationInput, signedIn: boolean) {
  return api.post<AcceptedInvitation>(`/invite/${encodeURIComponent(code)}/accept`, input, { auth: signedIn ? 'user' : 'none' })
}

export function useAcceptInvitation(code: string) {
  return useMutation({
    mutationFn: ({ input, signedIn }: { input: AcceptInvitationInput; signedIn: boolean }) => acceptInvitation(code, input, signedIn),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao aceitar o convite.' } },
  })
}
