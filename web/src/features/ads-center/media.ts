// The advertisement's media list in the editor: keys, order, removal.
import { isAdSlot } from '@/lib/playback'
import type { AdMediaInput, AdMediaItem } from './api/types'
import { toMediaInput } from './api/update-ad'

/** Unlinking a slot item is refused (spec 2 §4 'Ads'). */
export const SLOT_UNLINK_REFUSED = 'Não é possível desvincular uma vaga de anúncio.'

/** Stable row keys: the same media may be in the list twice, so the occurrence is part of it. */
export function itemKeys(items: readonly AdMediaItem[]) {
  const seen = new Map<string, number>()
  return items.map((item) => {
    const n = seen.get(item.id) ?? 0
    seen.set(item.id, n + 1)
    return `${item.id}#${n}`
  })
}

/** The list with the item at `from` moved to `to` (drag to reorder). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = items.slice()
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved)
  return next
}

/**
 * The list to save without the items at `indexes` (unlink one, or the
 * selected ones); refused when one of them is a slot item.
 */
export function withoutItems(items: readonly AdMediaItem[], indexes: Iterable<number>): { media: AdMediaInput[] } | { error: string } {
  const drop = new Set(indexes)
  if (items.some((item, i) => drop.has(i) && isAdSlot(item))) return { error: SLOT_UNLINK_REFUSED }
  return { media: items.filter((_item, i) => !drop.has(i)).map(toMediaInput) }
}
