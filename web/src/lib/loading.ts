import { useSyncExternalStore } from 'react'

// Drives the full-screen 'Carregando o sistema' overlay while data reloads.
let active = 0
const listeners = new Set<() => void>()

function emit() {
  listeners.forEach((listener) => listener())
}

export function showLoading() {
  active += 1
  emit()
}

export function hideLoading() {
  active = Math.max(0, active - 1)
  emit()
}

/** Shows the overlay while `task` runs. */
export async function withLoading<T>(task: () => Promise<T>): Promise<T> {
  showLoading()
  try {
    return await task()
  } finally {
    hideLoading()
  }
}

export function useIsLoading() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => active > 0,
    () => false,
  )
}
