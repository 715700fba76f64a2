import * as React from 'react'
import { storage, storageKeys, useStoredItem } from '@/lib/storage'

export function parseReadIds(raw: string | null): string[] {
  if (!raw) return []
  try {
    const value: unknown = JSON.parse(raw)
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

/** Ids of the release notes this browser has read. */
export function useReadNotes() {
  const raw = useStoredItem(storageKeys.notificationsRead)
  const readIds = React.useMemo(() => new Set(parseReadIds(raw)), [raw])
  const markRead = React.useCallback((ids: string[]) => {
    const next = new Set([...parseReadIds(storage.get(storageKeys.notificationsRead)), ...ids])
    storage.set(storageKeys.notificationsRead, JSON.stringify([...next]))
  }, [])
  return { readIds, markRead }
}
