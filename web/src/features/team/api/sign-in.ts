import { api } from '@/lib/api-client'

/** Signs the invited account in on the invitation page (POST /user/auth). */
export function signIn(email: string, password: string) {
  return api.post<{ token: string }>('/user/auth', { email, auth: password }, { auth: 'none' })
}
