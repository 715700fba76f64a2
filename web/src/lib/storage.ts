import { useSyncExternalStore } from 'react'

// Every key the console keeps in localStorage. The product prefix keeps them
// apart from other apps served on the same origin (the player lives at /player).
export const storageKeys = {
  token: 'vitrine:token',
  adminToken: 'vitrine:adm-token',
  franchise: 'vitrine:franchise',
  notificationsRead: 'vitrine:notifications-read',
  theme: 'vite-ui-theme',
} as const

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys]

const listeners = new Set<() => void>()

function notify() {
  listeners.forEach((listener) => listener())
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out.
  window.addEventListener('storage', notify)
}

export const storage = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key)
    } catch {
      return null
    }
  },
  set(key: StorageKey, value: string) {
    window.localStorage.setItem(key, value)
    notify()
  },
  remove(...keys: StorageKey[]) {
    keys.forEach((key) => window.localStorage.removeItem(key))
    notify()
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
}

/** Re-renders when the stored value changes, in this tab or another. */
export function useStoredItem(key: StorageKey) {
  return useSyncExternalStore(storage.subscribe, () => storage.get(key), () => null)
}

/** Forgets the session: tokens and the selected franchise. */
export function clearSession() {
  storage.remove(storageKeys.token, storageKeys.adminToken, storageKeys.franchise)
}
