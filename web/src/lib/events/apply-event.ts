import type { QueryClient } from '@tanstack/react-query'
import { franchiseKeys, liveViewKey, queryRoots } from '@/lib/query-keys'

/** One event of the franchise's stream (GET /api/events/{franchise}). */
export type FranchiseEvent = { type: string; data: Record<string, unknown> }

/** A TV's status as the stream carries it. */
export type StreamedStatus = {
  id: string
  store?: string
  connected: boolean
  lastConnectionAck: number
  ackedHash?: string
  ackedAt?: number
  /** What the player's latest health report shows wrong (the TV list's `problems`). */
  problems?: unknown[]
}

type WithStatus = { id: string; connected: boolean; lastConnectionAck: number; ackedHash?: string; ackedAt?: number; problems?: unknown[] }

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

function statuses(value: unknown): StreamedStatus[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (v): v is StreamedStatus =>
      typeof v === 'object' && v !== null && typeof (v as StreamedStatus).id === 'string' && typeof (v as StreamedStatus).connected === 'boolean',
  )
}

/** On a tab's first stream, lists read this recently are as fresh as the stream. */
export const READY_FRESH_MS = 5_000

/** Query keys of the overrides and of a franchise's alerts (features own them; the roots are stable). */
const overridesKey = (franchise: string) => ['overrides', franchise] as const
const alertsKey = (franchise: string) => ['alerts', franchise] as const
/** 'Aprovações' and every store's 'Conteúdo local'. */
const approvalsKey = (franchise: string) => ['approvals', franchise] as const
const localKey = (franchise: string) => ['local', franchise] as const

/**
 * Applies one event of the franchise's stream to the query cache: a TV's
 * status is written into the TV list at once (no call), other changes mark
 * the matching lists stale so the screens showing them read them again.
 */
export function applyFranchiseEvent(queryClient: QueryClient, franchise: string, event: FranchiseEvent) {
  const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey })
  const { data } = event
  switch (event.type) {
    case 'ready': {
      // The stream follows from now: whatever happened while it was down is
      // read again — except lists read moments ago or not read yet (the
      // tab's first stream opens with its first screen's calls).
      const since = Date.now() - READY_FRESH_MS
      // A stream ends when the member's access changed (removed, narrowed to
      // other stores, another role): the next one reads their roles again.
      if (data.first !== true) invalidate([queryRoots.user, 'detail'])
      for (const key of [franchiseKeys.displays(franchise), franchiseKeys.stores(franchise), overridesKey(franchise)]) {
        const state = queryClient.getQueryState(key)
        if (!state || state.dataUpdatedAt === 0) continue
        if (data.first === true && state.dataUpdatedAt >= since) continue
        invalidate(key)
      }
      return
    }
    case 'status': {
      const list = statuses(data.displays)
      const key = franchiseKeys.displays(franchise)
      const cached = queryClient.getQueryData<WithStatus[]>(key)
      const byId = new Map(list.map((s) => [s.id, s]))
      // A set of the list's ids: after a replica's players reconnect, a batch names hundreds of a big franchise's thousands of TVs.
      const listed = cached && new Set(cached.map((d) => d.id))
      const known = listed && strings(data.ids).every((id) => byId.has(id) && listed.has(id))
      if (cached && known) {
        queryClient.setQueryData<WithStatus[]>(key, (old) =>
          old?.map((d) => {
            const s = byId.get(d.id)
            if (!s) return d
            const acked = typeof s.ackedHash === 'string' && typeof s.ackedAt === 'number' ? { ackedHash: s.ackedHash, ackedAt: s.ackedAt } : {}
            const problems = Array.isArray(s.problems) ? { problems: s.problems } : {}
            return { ...d, connected: s.connected, lastConnectionAck: s.lastConnectionAck, ...acked, ...problems }
          }),
        )
      } else {
        invalidate(key) // a TV the list does not know yet, or a status the server could not read
      }
      invalidate(alertsKey(franchise))
      invalidate(liveViewKey(franchise)) // a TV connected, left or confirmed what it shows
      return
    }
    case 'change': {
      const displays = strings(data.displays)
      const stores = strings(data.stores)
      const schedules = strings(data.schedules)
      const wide = data.wide === true
      if (data.overrides === true) invalidate(overridesKey(franchise))
      if (wide || stores.length) invalidate(franchiseKeys.stores(franchise))
      if (wide || stores.length || displays.length) invalidate(franchiseKeys.displays(franchise))
      if (wide || displays.length || schedules.length || stores.length) invalidate(franchiseKeys.schedules(franchise))
      invalidate(liveViewKey(franchise)) // what a TV shows may have changed
      return
    }
    case 'command':
      invalidate([queryRoots.displays, franchise, 'commands'])
      return
    case 'override':
      invalidate(overridesKey(franchise))
      return
    case 'local':
      // An item sent, changed, removed or decided: what waits and the stores' lists are read again.
      invalidate(approvalsKey(franchise))
      invalidate(localKey(franchise))
      return
    default:
      // News this console does not know yet: nothing to do.
      return
  }
}
