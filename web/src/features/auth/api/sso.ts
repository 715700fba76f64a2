import * as React from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** How an e-mail signs in (POST /sso/check): through its company's login, with a password, or both. */
export type SSOCheck = { sso: boolean; password: boolean }

export function checkSSO(email: string) {
  return api.post<SSOCheck>('/sso/check', { email }, { auth: 'none' })
}

/** How long the typed e-mail must stay the same before it is asked about. */
export const SSO_CHECK_WAIT_MS = 300

/**
 * The way `email` signs in, asked once it stopped changing for SSO_CHECK_WAIT_MS; nothing is
 * asked until it looks like an e-mail. (The wait is kept here rather than in hooks/use-debounced,
 * which the signed-in layout's file carries: the login page loads none of the screens behind it.)
 */
export function useSSOCheck(typed: string) {
  const [email, setEmail] = React.useState(typed)
  React.useEffect(() => {
    const timer = setTimeout(() => setEmail(typed), SSO_CHECK_WAIT_MS)
    return () => clearTimeout(timer)
  }, [typed])
  const wellFormed = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
  return useQuery({
    queryKey: ['sso-check', email.toLowerCase()],
    queryFn: () => checkSSO(email),
    enabled: wellFormed,
    staleTime: 60_000,
    retry: false,
    meta: { errorToast: false },
  })
}

/** The address that starts the company's login for `email` (a browser navigation). */
export function ssoStartURL(email: string) {
  return `/api/sso/start?${new URLSearchParams({ email })}`
}

/** Spends the one-time code a finished company login lands with, for a session. */
export function useSSOExchange() {
  return useMutation({
    mutationFn: (code: string) => api.post<{ token: string }>('/sso/exchange', { code }, { auth: 'none' }),
    meta: { errorToast: { fallback: 'Não foi possível concluir o login da empresa. Tente entrar de novo.' } },
  })
}
