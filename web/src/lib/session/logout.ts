import { api } from '@/lib/api-client'
import { clearSession } from '@/lib/storage'

/** Revokes the token (failures ignored), forgets the session and reloads on the login page. */
export async function logout() {
  try {
    await api.post<{ ok: boolean }>('/user/logout', {}, { timeoutMs: 5000 })
  } catch {
    // The session is forgotten locally either way.
  }
  clearSession()
  window.location.assign('/')
}
